// The geofence check over its two kinds of input: points (sent as their two numbers) and any other GeoJSON shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { GeofenceRepository, type SpatialObject } from '../../server/geofences/geofence-repository.js';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.js';

const point = (objectId: string, coordinates: number[]): SpatialObject => ({
  objectType: 'aircraft',
  objectId,
  title: `Aircraft ${objectId}`,
  geometry: { type: 'Point', coordinates },
});

describe('geofence check (real PostgreSQL + PostGIS)', () => {
  let database: TestDatabase;
  let db: Database;
  let geofences: GeofenceRepository;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    geofences = new GeofenceRepository(db);
    await geofences.create('Box', { type: 'Polygon', coordinates: [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]] });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('raises an alert for each point inside, at its place, and none for points outside', async () => {
    const alerts = await geofences.check([point('inside', [10.5, 10.25]), point('outside', [12, 10.5]), point('with-altitude', [10.75, 10.5, 3000])]);
    expect(alerts.map((alert) => [alert.objectId, alert.geofenceName, alert.geometry]).sort()).toEqual([
      ['inside', 'Box', { type: 'Point', coordinates: [10.5, 10.25] }],
      ['with-altitude', 'Box', { type: 'Point', coordinates: [10.75, 10.5] }],
    ]);
  });

  it('checks a shape other than a point as GeoJSON: a line crossing the fence raises an alert, one beside it none', async () => {
    const line = (objectId: string, coordinates: number[][]): SpatialObject => ({ objectType: 'news', objectId, title: objectId, geometry: { type: 'LineString', coordinates } });
    const alerts = await geofences.check([line('crossing', [[9, 10.5], [12, 10.5]]), line('beside', [[9, 12], [12, 12]])]);
    expect(alerts.map((alert) => [alert.objectId, alert.geometry?.type])).toEqual([['crossing', 'LineString']]);
  });

  it('a first sighting is checked only where a fence might be, with the same alerts; a fence across the antimeridian by its two halves', async () => {
    await geofences.create('Fiji waters', { type: 'Polygon', coordinates: [[[170, -20], [190, -20], [190, -10], [170, -10], [170, -20]]] });
    const alerts = await geofences.check(
      [point('first-inside', [10.5, 10.5]), point('first-outside', [12, 10.5]), point('first-east', [-175, -15]), point('first-west', [175, -15]), point('first-far', [0, -15])],
      { firstSighting: true },
    );
    expect(alerts.map((alert) => [alert.objectId, alert.geofenceName]).sort()).toEqual([
      ['first-east', 'Fiji waters'],
      ['first-inside', 'Box'],
      ['first-west', 'Fiji waters'],
    ]);
    const line = { objectType: 'news', objectId: 'first-line', title: 'first-line', geometry: { type: 'LineString', coordinates: [[9, 10.5], [12, 10.5]] } };
    expect((await geofences.check([line], { firstSighting: true })).map((alert) => alert.objectId)).toEqual(['first-line']);
  });
});
