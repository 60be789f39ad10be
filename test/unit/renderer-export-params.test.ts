import { describe, expect, it } from 'vitest';
import { exportParams } from '../../renderer/src/data/export-params.js';
import { DEFAULT_FILTER, type ViewFilter } from '../../renderer/src/data/view-filter.js';

const NOW = Date.parse('2026-11-27T13:00:00Z');

describe("the export's query", () => {
  it('live: the filter as the map reads it', () => {
    expect(exportParams({ ...DEFAULT_FILTER, window: '6h', minFrp: 50 }, null, NOW)).toEqual({ since: '6h', minFrp: '50' });
  });

  it("in playback: the window before the cursor's minute, and that minute's end for the aircraft and incidents", () => {
    const filter: ViewFilter = { ...DEFAULT_FILTER, window: '6h', minFrp: 50 };
    expect(exportParams(filter, Date.parse('2026-11-27T10:36:00Z'), NOW)).toEqual({
      since: '2026-11-27T04:37:00.000Z',
      until: '2026-11-27T10:37:00.000Z',
      at: '2026-11-27T10:37:00.000Z',
      minFrp: '50',
    });
  });
});
