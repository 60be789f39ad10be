import { describe, expect, it } from 'vitest';
import { exportAccount, exportAccountWords } from '../../server/export/export-account.js';
import type { ExportLayer } from '../../server/export/export-rows.js';

const layer = (name: ExportLayer['name'], rows: number, truncated = false): ExportLayer => ({
  name,
  columns: [],
  rows: Array.from({ length: rows }, () => ({ longitude: 0, latitude: 0, values: {}, title: '', when: null })),
  truncated,
});

describe('what an export is of', () => {
  const now = new Date('2026-11-27T19:20:31.000Z');

  it('of now: the window up to the export, the whole world, no filters', () => {
    const account = exportAccount({ now, since: new Date('2026-11-26T19:20:31.000Z'), filter: { confidence: undefined }, firefightingOnly: false, layers: [layer('fires', 3), layer('incidents', 0)] });
    expect(account).toEqual({
      exportedAt: '2026-11-27T19:20:31.000Z',
      asOf: '2026-11-27T19:20:31.000Z',
      playback: false,
      fires: { since: '2026-11-26T19:20:31.000Z', until: null },
      bbox: null,
      filter: {},
      geofenceName: null,
      firefightingOnly: false,
      layers: [{ name: 'fires', rows: 3, truncated: false }, { name: 'incidents', rows: 0, truncated: false }],
    });
    expect(exportAccountWords(account)).toBe(
      [
        'Exported by Vantage 2026-11-27 19:20 UTC.',
        'Fires detected 2026-11-26 19:20 UTC – 2026-11-27 19:20 UTC; the whole world.',
        'Filters: none.',
        'Rows: 3 fire detections, 0 incidents.',
      ].join('\n'),
    );
  });

  it('of a playback minute, in a view, under every filter, a layer cut at its cap', () => {
    const account = exportAccount({
      now,
      at: new Date('2026-11-27T10:57:00.000Z'),
      since: new Date('2026-11-26T10:57:00.000Z'),
      until: new Date('2026-11-27T10:57:00.000Z'),
      bbox: [-123.123456, 37, -120, 40.5],
      filter: { confidence: ['high'], minFrp: 10, satellites: ['N', 'N20'], dayNight: 'night', geofence: 'fence-1' },
      geofenceName: 'North valley',
      firefightingOnly: true,
      layers: [layer('fires', 2, true), layer('aircraft', 1)],
    });
    expect(account).toMatchObject({ asOf: '2026-11-27T10:57:00.000Z', playback: true, fires: { until: '2026-11-27T10:57:00.000Z' } });
    expect(exportAccountWords(account)).toBe(
      [
        'Exported by Vantage 2026-11-27 19:20 UTC, of the playback minute ending 2026-11-27 10:57 UTC.',
        'Fires detected 2026-11-26 10:57 UTC – 2026-11-27 10:57 UTC; view -123.1235, 37, -120, 40.5 (west, south, east, north).',
        'Filters: confidence high; FRP ≥ 10 MW; satellites N, N20; night detections only; inside geofence “North valley” (id fence-1); firefighting aircraft only.',
        'Rows: 2 fire detections (cut at the cap), 1 aircraft.',
      ].join('\n'),
    );
  });

  it('names the window as the events', () => {
    const since = new Date('2026-11-26T19:20:31.000Z');
    const line = (names: Array<ExportLayer['name']>) =>
      exportAccountWords(exportAccount({ now, since, filter: {}, firefightingOnly: false, layers: names.map((name) => layer(name, 1)) })).split('\n')[1];
    expect(line(['fires', 'events'])).toBe('Fires, stories and events of 2026-11-26 19:20 UTC – 2026-11-27 19:20 UTC; the whole world.');
    expect(line(['events'])).toBe('Stories and events of 2026-11-26 19:20 UTC – 2026-11-27 19:20 UTC; the whole world.');
    expect(line(['aircraft'])).toBe('Fires detected 2026-11-26 19:20 UTC – 2026-11-27 19:20 UTC; the whole world.');
    expect(exportAccountWords(exportAccount({ now, since, filter: {}, firefightingOnly: false, layers: [layer('events', 2)] })).split('\n')[3]).toBe('Rows: 2 stories and events.');
    // The fires' conditions are not said of a file without fires; a geofence narrows every layer.
    const narrowed = exportAccount({ now, since, filter: { confidence: ['high'], minFrp: 5, geofence: 'f1' }, geofenceName: 'Ridge', firefightingOnly: false, layers: [layer('events', 1)] });
    expect(exportAccountWords(narrowed).split('\n')[2]).toBe('Filters: inside geofence “Ridge” (id f1).');
  });
});
