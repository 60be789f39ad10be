import { describe, expect, it } from 'vitest';
import { savedWords } from '../../renderer/src/data/export-saved-words.js';

describe("the export's saved message", () => {
  it('names the file and where it went, and counts each layer, one and many', () => {
    expect(savedWords('vantage-fires-aircraft-incidents-20261127T080000Z.csv', [['fires', 1217], ['aircraft', 1], ['incidents', 1]])).toBe(
      'Saved vantage-fires-aircraft-incidents-20261127T080000Z.csv to the Downloads folder: 1,217 fires, 1 aircraft, 1 incident.',
    );
    expect(savedWords('a.geojson', [['fires', 1], ['incidents', 0]])).toBe('Saved a.geojson to the Downloads folder: 1 fire, 0 incidents.');
  });

  it('names the file alone when the counts were not said', () => {
    expect(savedWords('vantage-map-20261127T080000Z.png', [])).toBe('Saved vantage-map-20261127T080000Z.png to the Downloads folder.');
  });
});
