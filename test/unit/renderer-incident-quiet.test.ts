// Which incidents the map draws faded.
import { describe, expect, it } from 'vitest';
import { incidentIsQuiet } from '../../renderer/src/map/incident-quiet.js';

const NOW = Date.parse('2026-11-27T16:00:00Z');

describe('incidentIsQuiet', () => {
  it('fades one fully contained, or discovered over 30 days ago', () => {
    expect(incidentIsQuiet({ kind: 'wildfire', percentContained: 100, discoveredAt: '2026-11-27T10:00:00Z' }, NOW)).toBe(true);
    // EATON, discovered in January 2025 and still in the feed of current incidents.
    expect(incidentIsQuiet({ kind: 'wildfire', percentContained: 95, discoveredAt: '2025-01-08T02:18:00Z' }, NOW)).toBe(true);
  });

  it('fades a prescribed burn, however recent', () => {
    expect(incidentIsQuiet({ kind: 'prescribed', percentContained: null, discoveredAt: '2026-11-27T10:00:00Z' }, NOW)).toBe(true);
    expect(incidentIsQuiet({ kind: 'complex', percentContained: null, discoveredAt: '2026-11-27T10:00:00Z' }, NOW)).toBe(false);
    expect(incidentIsQuiet({ kind: null, percentContained: null, discoveredAt: '2026-11-27T10:00:00Z' }, NOW)).toBe(false);
  });

  it('draws at full strength one still burning and recent, or undated', () => {
    expect(incidentIsQuiet({ kind: 'wildfire', percentContained: 40, discoveredAt: '2026-11-20T10:00:00Z' }, NOW)).toBe(false);
    expect(incidentIsQuiet({ kind: 'wildfire', percentContained: null, discoveredAt: '2026-10-29T10:00:00Z' }, NOW)).toBe(false);
    expect(incidentIsQuiet({ kind: 'wildfire', percentContained: null, discoveredAt: null }, NOW)).toBe(false);
  });
});
