import { describe, expect, it } from 'vitest';
import { nameNotYetSaved } from '../../renderer/src/data/export-file-name.js';
import { savedWords } from '../../renderer/src/data/export-saved-words.js';

describe("the export's saved message", () => {
  it('names the file and where it went, and counts each layer, one and many', () => {
    expect(savedWords('vantage-fires-aircraft-incidents-20261127T080000Z.csv', [['fires', 1217], ['aircraft', 1], ['incidents', 1]])).toBe(
      'Saved vantage-fires-aircraft-incidents-20261127T080000Z.csv: 1,217 fires, 1 aircraft, 1 incident.',
    );
    // The desktop app, which saves into the Downloads folder: said.
    expect(savedWords('a.geojson', [['fires', 1], ['incidents', 0]], 'Downloads folder')).toBe('Saved a.geojson to the Downloads folder: 1 fire, 0 incidents.');
    expect(savedWords('b.kml', [['events', 1], ['fires', 0]])).toBe('Saved b.kml: 1 story or event, 0 fires.');
    expect(savedWords('c.kml', [['events', 12]])).toBe('Saved c.kml: 12 stories and events.');
  });

  it('names the file alone when the counts were not said', () => {
    expect(savedWords('vantage-map-20261127T080000Z.png', [])).toBe('Saved vantage-map-20261127T080000Z.png.');
    expect(savedWords('vantage-map-20261127T080000Z.png', [], 'Downloads folder')).toBe('Saved vantage-map-20261127T080000Z.png to the Downloads folder.');
  });
});

describe("an export's file name", () => {
  it('numbers a name already saved in this session, so the "Saved" line names the file written', () => {
    const saved = new Set<string>();
    expect(nameNotYetSaved('vantage-fires-at-20261127T1056Z.csv', saved)).toBe('vantage-fires-at-20261127T1056Z.csv');
    expect(nameNotYetSaved('vantage-fires-at-20261127T1056Z.csv', saved)).toBe('vantage-fires-at-20261127T1056Z (2).csv');
    expect(nameNotYetSaved('vantage-fires-at-20261127T1056Z.csv', saved)).toBe('vantage-fires-at-20261127T1056Z (3).csv');
    expect(nameNotYetSaved('vantage-fires-at-20261127T1056Z.kml', saved)).toBe('vantage-fires-at-20261127T1056Z.kml');
    expect(nameNotYetSaved('notes', saved)).toBe('notes');
    expect(nameNotYetSaved('notes', saved)).toBe('notes (2)');
  });
});
