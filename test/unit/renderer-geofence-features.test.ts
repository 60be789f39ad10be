import { describe, expect, it } from 'vitest';
import type { Alert, Geofence } from '../../renderer/src/api/api-types.js';
import { geofenceFeatures } from '../../renderer/src/map/feature-collections.js';
import { popupRows } from '../../renderer/src/map/popup-rows.js';

const square: Geofence['geometry'] = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
const fence = (id: string, name: string): Geofence => ({ id, name, geometry: square, createdAt: '2026-11-30T08:00:00.000Z' });
const alertOf = (geofenceId: string | null, createdAt: string): Alert => ({
  id: `${geofenceId}-${createdAt}`,
  geofenceId,
  geofenceName: 'any',
  objectType: 'fire',
  objectId: 'x',
  title: 'Fire inside',
  geometry: { type: 'Point', coordinates: [0.5, 0.5] },
  createdAt,
});
const rowsOf = (properties: Record<string, unknown>) => Object.fromEntries(popupRows(properties).rows.filter(([, value]) => value !== null));

describe("a geofence's popup tells its alerts", () => {
  it('counts the alerts shown that are of each fence and names the newest, in the words of the map window', () => {
    const alerts = [alertOf('a', '2026-11-30T10:00:00.000Z'), alertOf('a', '2026-11-30T12:30:00.000Z'), alertOf('a', '2026-11-30T11:00:00.000Z'), alertOf('b', '2026-11-30T09:00:00.000Z'), alertOf(null, '2026-11-30T13:00:00.000Z')];
    const [first, second, third] = geofenceFeatures([fence('a', 'North'), fence('b', 'South'), fence('c', 'Quiet')], { alerts, window: 'last 24 h', only: null }).features.map(
      (feature) => feature.properties,
    );
    expect(first).toMatchObject({ alertCount: 3, newestAlertAt: '2026-11-30T12:30:00.000Z' });
    expect(second).toMatchObject({ alertCount: 1, newestAlertAt: '2026-11-30T09:00:00.000Z' });
    expect(third).toMatchObject({ alertCount: 0, newestAlertAt: null });
    expect(popupRows(first!).title).toBe('Geofence: North');
    const rows = rowsOf(first!);
    expect(rows.Alerts).toBe('3 in the last 24 h');
    expect(rows['Newest alert']).toMatch(/^30 Nov 2026 12:30 UTC/);
    expect(rows.Created).toMatch(/^30 Nov 2026 08:00 UTC/);
    expect(rowsOf(third!)).toMatchObject({ Alerts: 'none in the last 24 h' });
    expect(rowsOf(third!)).not.toHaveProperty('Newest alert');
  });

  it('says nothing of the alerts rather than none when they are not known: not read (or in playback), or read for another fence alone', () => {
    const fences = [fence('a', 'North'), fence('b', 'South')];
    for (const properties of geofenceFeatures(fences, null).features.map((feature) => feature.properties)) {
      expect(rowsOf(properties!)).not.toHaveProperty('Alerts');
      expect(rowsOf(properties!)).toHaveProperty('Created');
    }
    // The filter names fence b: its alerts alone were read.
    const [north, south] = geofenceFeatures(fences, { alerts: [alertOf('b', '2026-11-30T10:00:00.000Z')], window: 'last 24 h', only: 'b' }).features.map((feature) => feature.properties);
    expect(rowsOf(north!)).not.toHaveProperty('Alerts');
    expect(rowsOf(south!)).toMatchObject({ Alerts: '1 in the last 24 h' });
  });
});
