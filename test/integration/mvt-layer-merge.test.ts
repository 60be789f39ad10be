// Joining two PostGIS tiles of one layer gives what ST_AsMVT draws from both sets of rows at once: the same
// features, each with its own properties (keys and values renumbered into one table) and geometry.
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstFeatures, joinTileLayers, readTileLayer } from '../../server/fires/mvt-layer-merge.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

// Rows of mixed kinds: text, floats, integers, booleans, a property one part has and the other lacks, and nulls
// (ST_AsMVT leaves a null property out of the feature).
const FIRST = `VALUES (1, 10.0, 45.0, 'N', 3.5::float8, 1700000000::bigint, true, NULL::text),
                      (2, 10.5, 45.5, 'Terra', 12.25::float8, 1700003600::bigint, false, 'x')`;
const SECOND = `VALUES (3, 11.0, 46.0, 'N20', 3.5::float8, 1700007200::bigint, NULL::boolean, 'y'),
                       (4, 11.5, 46.5, 'N', 0.5::float8, 1700000000::bigint, true, NULL::text),
                       (5, 10.9, 44.9, 'Aqua', 99.0::float8, 1800000000::bigint, false, 'x')`;

function tileSql(rows: string): string {
  return `WITH rows(id, lon, lat, satellite, frp, acq, day, note) AS (${rows}),
  features AS (
    SELECT ST_AsMVTGeom(ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 3857), ST_TileEnvelope(4, 8, 5), 4096, 64, true) AS geom,
           id AS "rowId", satellite, frp, acq AS "acqTime", day, note
    FROM rows ORDER BY id)
  SELECT coalesce(ST_AsMVT(features.*, 'fires', 4096, 'geom'), ''::bytea) AS tile FROM features`;
}

/** Each feature as its properties and its point in tile units, in row order. */
function features(body: Buffer): Array<Record<string, unknown>> {
  const layer: VectorTileLayer | undefined = new VectorTile(new PbfReader(body)).layers.fires;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => {
    const feature = layer.feature(index);
    const point = feature.loadGeometry()[0]?.[0];
    const drawn: Record<string, unknown> = { ...feature.properties, type: feature.type, x: point?.x, y: point?.y, extent: feature.extent };
    return drawn;
  }).sort((a, b) => Number(a.rowId) - Number(b.rowId));
}

describe('joining two tiles of one layer', () => {
  let db: TestDatabase;
  const tile = async (rows: string) => (await queryOnce<{ tile: Buffer }>(db.url, tileSql(rows)))[0]!.tile;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('takes the first part back out of a tile drawn with its rows first: its features, properties and points alike', async () => {
    const [first, whole] = await Promise.all([tile(FIRST), tile(`${FIRST} UNION ALL ${SECOND}`)]);
    const layer = readTileLayer(whole)!;
    const part = joinTileLayers(firstFeatures(layer, 2), null);
    expect(features(part)).toEqual(features(first));
    expect(readTileLayer(part)!.featureCount).toBe(2);
    // As many as it holds, or more: the layer itself.
    expect(firstFeatures(layer, 5)).toBe(layer);
    expect(features(joinTileLayers(firstFeatures(layer, 0), null))).toEqual([]);
  });

  it('gives the features ST_AsMVT draws from both parts at once, properties and points alike', async () => {
    const [first, second, whole] = await Promise.all([tile(FIRST), tile(SECOND), tile(`${FIRST} UNION ALL ${SECOND}`)]);
    const joined = joinTileLayers(readTileLayer(first), readTileLayer(second));
    expect(features(joined)).toHaveLength(5);
    expect(features(joined)).toEqual(features(whole));
    // Each key is written once; the second part's values follow the first's (a value both hold, twice).
    const layer = readTileLayer(joined)!;
    expect(new Set(layer.keys).size).toBe(layer.keys.length);
    expect(layer.keys.sort()).toEqual(['acqTime', 'day', 'frp', 'note', 'rowId', 'satellite']);
    expect(layer.valueCount).toBe(readTileLayer(first)!.valueCount + readTileLayer(second)!.valueCount);
    expect(layer.featureCount).toBe(5);
  });

  it('answers the other part as it is when one is empty, and no bytes when both are', async () => {
    const [first, none] = await Promise.all([tile(FIRST), tile(`${FIRST} LIMIT 0`)]);
    expect(none.length).toBe(0);
    expect(readTileLayer(none)).toBeNull();
    expect(features(joinTileLayers(readTileLayer(first), null))).toEqual(features(first));
    expect(features(joinTileLayers(null, readTileLayer(first)))).toEqual(features(first));
    expect(joinTileLayers(null, null).length).toBe(0);
  });

  it('refuses layers of different names rather than mislabel features', async () => {
    const other = (await queryOnce<{ tile: Buffer }>(db.url, tileSql(SECOND).replace("'fires'", "'aircraft'")))[0]!.tile;
    const first = readTileLayer(await tile(FIRST));
    expect(() => joinTileLayers(first, readTileLayer(other))).toThrow(/cannot be joined/);
  });
});
