import { describe, expect, it } from 'vitest';
import { incidentsDiscoveredBy } from '../../renderer/src/data/incidents-discovered.js';

const END = Date.parse('2026-11-27T12:01:00Z');

describe('incidents shown at a playback minute', () => {
  it('counts those discovered before the minute ends, however long before, and the undated ones', () => {
    const discovered = [END - 30 * 86_400_000, END - 1, END, END + 60_000, null, Number.NaN];
    expect(incidentsDiscoveredBy(discovered, END)).toBe(4);
  });

  it('counts none of an empty list', () => {
    expect(incidentsDiscoveredBy([], END)).toBe(0);
  });
});
