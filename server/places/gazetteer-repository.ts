// SQL that fills the gazetteer: the state row, places and their names by COPY, boundaries, and the facts
// PostGIS derives (a boundary's country and division from the places inside it).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Polygon } from 'geojson';
import type { Database, Queryable } from '../db/database.js';
import { loadOncePerVersion, tryGazetteerLock } from './gazetteer-lock.js';
import type { BoundaryRecord, PlaceRecord } from './gazetteer-source.js';
import { placeMinZoom } from './place-min-zoom.js';
import { CODE_KIND } from './place-name-kind.js';

export type GazetteerLoadState = 'loading' | 'ready' | 'failed';

/** A boundary as PostGIS made it (MAKE_BOUNDARIES), geometries in hex EWKB, ready to store. */
export interface MadeBoundary {
  level: number;
  name: string;
  source: string;
  geom: string;
  tile_geom: string;
  tile_geom_low: string;
  label_point: string;
}

export interface GazetteerStateRow {
  version: string;
  state: GazetteerLoadState;
  places: number;
  boundaries: number;
  error: string | null;
}

// Places per piece of CSV built between two turns of the event loop (about 10 ms of work).
const CSV_SLICE = 1_000;

// Below zoom 5 a pixel of a 512-pixel tile is 5 km or more: 2.5 km of simplification does not show.
const SIMPLIFY_LOW_METRES = 2_500;

const CREATE_NAME_STAGING = `CREATE TEMP TABLE place_names_staging (geoname_id integer, name text, kind smallint, population bigint) ON COMMIT DROP`;

// A load's places go to a table of their own, with the columns, defaults and checks of `places` but no index, which
// replaces `places` at the end of the load (SWAP_PLACES): readers keep the old places, indexes and all, meanwhile, and
// the indexes are built once over the whole table (half the time of keeping five up row by row).
const CREATE_LOADING_PLACES = 'CREATE TABLE places_loading (LIKE places INCLUDING ALL EXCLUDING INDEXES)';

const COPY_PLACES = `COPY places_loading (geoname_id, name, ascii_name, country_code, country_name, admin1_code, admin1_name, population,
  feature_code, capital, min_zoom, geom) FROM STDIN WITH (FORMAT csv)`;

// The key and indexes of `places` as 011_gazetteer defines them, under names of their own until the swap.
const LOADING_PLACE_INDEXES = [
  'ALTER TABLE places_loading ADD CONSTRAINT places_loading_pkey PRIMARY KEY (geoname_id)',
  'CREATE INDEX places_loading_geom_idx ON places_loading USING gist (geom)',
  'CREATE INDEX places_loading_population_idx ON places_loading (population DESC)',
  'CREATE INDEX places_loading_region_idx ON places_loading (country_code, admin1_code)',
  'CREATE INDEX places_loading_min_zoom_idx ON places_loading (min_zoom, population DESC)',
];

// The last step of a load: its places become `places`. Readers wait only from here to the commit.
const SWAP_PLACES = `
DROP TABLE places;
ALTER TABLE places_loading RENAME TO places;
ALTER TABLE places RENAME CONSTRAINT places_loading_pkey TO places_pkey;
ALTER INDEX places_loading_geom_idx RENAME TO places_geom_idx;
ALTER INDEX places_loading_population_idx RENAME TO places_population_idx;
ALTER INDEX places_loading_region_idx RENAME TO places_region_idx;
ALTER INDEX places_loading_min_zoom_idx RENAME TO places_min_zoom_idx`;

// One row per place and folded name: the place's own name wins over its ASCII name over an alternate. OFFSET 0
// keeps the subquery whole, so each name is folded once (flattened, the filter and the sort key fold it twice).
const NAMES_FROM_STAGING = `
INSERT INTO place_names (geoname_id, folded, name, kind, population)
SELECT DISTINCT ON (geoname_id, folded) geoname_id, folded, name, kind, population
FROM (SELECT geoname_id, gazetteer_fold(name) AS folded, name, kind, population FROM place_names_staging OFFSET 0) AS staged
WHERE folded <> ''
ORDER BY geoname_id, folded, kind`;

/**
 * Where a boundary's name is drawn (and where search puts it): a point inside its largest part by its area on the
 * earth. By the area in square degrees, a sliver the shape's repair left from 178.9°E round to 180°W (458 km²) was
 * Fiji's largest part, and its name stood in Brazil, at 52°W.
 */
const LABEL_POINT = `(SELECT ST_PointOnSurface(part.geom) FROM ST_Dump(geom) AS part ORDER BY ST_Area(part.geom::geography) DESC LIMIT 1)`;

// All boundaries in one statement from a JSON array of {level, name, source, geometry}, as PostGIS makes them: valid,
// Web Mercator copies for tiles (full and simplified), a label point. It reads no table, so it runs on a connection
// of its own while the load's transaction stores the places. MATERIALIZED: inlined, each use of `geom` would parse
// and repair the geometry again (ten times slower).
const MAKE_BOUNDARIES = `
WITH input AS MATERIALIZED (
  SELECT item.position, (item.value->>'level')::smallint AS level, item.value->>'name' AS name, item.value->>'source' AS source,
         ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(item.value->>'geometry'), 4326)), 3)) AS geom
  FROM json_array_elements($1::json) WITH ORDINALITY AS item(value, position)
),
mercator AS MATERIALIZED (
  -- Web Mercator ends at ±85.05°; beyond it the projection has no finite y.
  SELECT position, level, name, source, geom, ST_Transform(
           CASE WHEN ST_YMin(geom) >= -85.05 AND ST_YMax(geom) <= 85.05 THEN geom
                ELSE ST_Multi(ST_CollectionExtract(ST_Intersection(geom, ST_MakeEnvelope(-180, -85.05, 180, 85.05, 4326)), 3)) END,
           3857) AS tile_geom
  FROM input
  WHERE NOT ST_IsEmpty(geom)
)
SELECT level, name, source, geom, tile_geom, ST_Multi(ST_Simplify(tile_geom, ${SIMPLIFY_LOW_METRES}, true)) AS tile_geom_low,
       ${LABEL_POINT} AS label_point
FROM mercator
WHERE NOT ST_IsEmpty(tile_geom)
ORDER BY position`;

// The boundaries made above, in their order, from a JSON array of them (geometries as PostGIS wrote them: hex EWKB).
const INSERT_BOUNDARIES = `
INSERT INTO boundaries (level, name, source, geom, tile_geom, tile_geom_low, label_point)
SELECT level, name, source, geom, tile_geom, tile_geom_low, label_point
FROM json_to_recordset($1::json) AS made(level smallint, name text, source text, geom geometry, tile_geom geometry,
                                         tile_geom_low geometry, label_point geometry)`;

// The land's parts for the basemap's detail (019_land_parts) from a JSON array of GeoJSON polygons: made valid only
// where they are not (world-atlas's quantised rings cross themselves in 125 of 4,061; the "structure" method took a
// fifth of the default's time for the same area), cut at ±85.05° where they reach past it (Web Mercator ends
// there), in Web Mercator, subdivided into parts of at most LAND_PART_VERTICES vertices. MATERIALIZED, each step: a
// CTE used once is inlined, and with it every use of its column became the whole expression again (EXPLAIN VERBOSE
// of the statement inlined: the GeoJSON parsed and checked in 9 places of the plan, the Web Mercator copy in 2). The
// same 4,822 parts, byte for byte, in 1.9 s instead of 6.8 s (two runs of each over the packaged land).
const LAND_PART_VERTICES = 1024;
const INSERT_LAND_PARTS = `
INSERT INTO land_parts (geom)
WITH input AS MATERIALIZED (
  SELECT ST_SetSRID(ST_GeomFromGeoJSON(item), 4326) AS raw FROM json_array_elements_text($1::json) AS item
),
valid AS MATERIALIZED (
  SELECT CASE WHEN ST_IsValid(raw) THEN raw ELSE ST_CollectionExtract(ST_MakeValid(raw, 'method=structure'), 3) END AS geom FROM input
),
mercator AS MATERIALIZED (
  SELECT ST_Transform(
           CASE WHEN ST_YMin(geom) >= -85.05 AND ST_YMax(geom) <= 85.05 THEN geom
                ELSE ST_CollectionExtract(ST_Intersection(geom, ST_MakeEnvelope(-180, -85.05, 180, 85.05, 4326)), 3) END,
           3857) AS geom
  FROM valid WHERE NOT ST_IsEmpty(geom)
)
SELECT ST_Subdivide(geom, ${LAND_PART_VERTICES}) AS geom FROM mercator WHERE NOT ST_IsEmpty(geom)`;

// A boundary's country (world-atlas gives ISO numeric codes only) and division are those most of the places
// nearest its label point carry, among the ones inside it: a sample, so a large country costs no more than a small one.
// The places are the load's own (before the swap).
const CODES_FROM_PLACES = `
UPDATE boundaries b SET country_code = top.country_code, admin1_code = CASE WHEN b.level = 1 THEN top.admin1_code END,
       name = CASE WHEN b.level = 1 THEN coalesce(top.admin1_name, b.name) ELSE b.name END
FROM (
  SELECT b2.id, d.country_code, d.admin1_code, d.admin1_name
  FROM boundaries b2
  CROSS JOIN LATERAL (
    SELECT near.country_code, max(near.admin1_code) FILTER (WHERE b2.level = 1) AS admin1_code, max(near.admin1_name) AS admin1_name
    FROM (
      SELECT p.country_code, p.admin1_code, p.admin1_name, p.geom
      FROM places_loading p
      WHERE p.geom && b2.geom
      ORDER BY p.geom <-> b2.label_point
      LIMIT 60
    ) near
    WHERE ST_Intersects(b2.geom, near.geom)
    GROUP BY near.country_code, CASE WHEN b2.level = 1 THEN near.admin1_code END
    ORDER BY count(*) DESC, near.country_code
    LIMIT 1
  ) d
) top
WHERE b.id = top.id`;

// Natural Earth divides some countries finer than GeoNames' first level (England's counties, France's départements):
// the parts of one GeoNames division become one boundary, so lines and names follow the divisions places are named by.
const MERGE_DIVISION_PARTS = `
WITH parts AS (
  DELETE FROM boundaries
  WHERE level = 1 AND (country_code, admin1_code) IN (
    SELECT country_code, admin1_code FROM boundaries WHERE level = 1 AND admin1_code IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1
  )
  RETURNING name, country_code, admin1_code, source, geom, tile_geom
),
merged AS (
  SELECT min(name) AS name, country_code, admin1_code, min(source) AS source,
         ST_Multi(ST_CollectionExtract(ST_UnaryUnion(ST_Collect(ST_MakeValid(geom))), 3)) AS geom,
         ST_Multi(ST_CollectionExtract(ST_UnaryUnion(ST_Collect(ST_MakeValid(tile_geom))), 3)) AS tile_geom
  FROM parts GROUP BY country_code, admin1_code
)
INSERT INTO boundaries (level, name, country_code, admin1_code, source, geom, tile_geom, tile_geom_low, label_point)
SELECT 1, name, country_code, admin1_code, source, geom, tile_geom, ST_Multi(ST_Simplify(tile_geom, ${SIMPLIFY_LOW_METRES}, true)),
       ${LABEL_POINT}
FROM merged`;

const NAME_INDEXES = [
  'CREATE INDEX IF NOT EXISTS place_names_prefix_idx ON place_names (folded text_pattern_ops)',
  "DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN EXECUTE 'CREATE INDEX IF NOT EXISTS place_names_trgm_idx ON place_names USING gin (folded gin_trgm_ops)'; END IF; END $$",
];

/** One CSV field for COPY: empty for null, quoted text otherwise. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return `"${value.replace(/"/g, '""')}"`;
}

function placesCsv(places: readonly PlaceRecord[]): string {
  return places
    .map((p) =>
      [
        p.geonameId,
        csvField(p.name),
        csvField(p.asciiName),
        csvField(p.countryCode),
        csvField(p.countryName),
        csvField(p.admin1Code),
        csvField(p.admin1Name),
        p.population,
        csvField(p.featureCode),
        csvField(p.featureCode === 'PPLC'),
        placeMinZoom(p.population, p.featureCode),
        `SRID=4326;POINT(${p.longitude} ${p.latitude})`,
      ].join(','),
    )
    .join('\n');
}

function namesCsv(places: readonly PlaceRecord[]): string {
  const lines: string[] = [];
  for (const p of places) {
    lines.push(`${p.geonameId},${csvField(p.name)},0,${p.population}`, `${p.geonameId},${csvField(p.asciiName)},1,${p.population}`);
    for (const alternate of p.alternateNames) lines.push(`${p.geonameId},${csvField(alternate)},2,${p.population}`);
    for (const code of p.codes) lines.push(`${p.geonameId},${csvField(code)},${CODE_KIND},${p.population}`);
  }
  return lines.join('\n');
}

/** The COPY input of a batch of places: built apart from the COPY, so that a load builds one while PostgreSQL stores the last. */
export interface PlaceBatchCopy {
  count: number;
  places: string;
  names: string;
}

/**
 * Builds a batch's COPY input a slice at a time, letting the event loop run between slices: the statements of the
 * batch before go on meanwhile (built in one go, a batch's 200 ms of CSV would keep PostgreSQL waiting for the next).
 */
export async function placeBatchCopy(places: readonly PlaceRecord[]): Promise<PlaceBatchCopy> {
  const placeSlices: string[] = [];
  const nameSlices: string[] = [];
  for (let at = 0; at < places.length; at += CSV_SLICE) {
    if (at > 0) await setImmediate();
    const slice = places.slice(at, at + CSV_SLICE);
    placeSlices.push(placesCsv(slice));
    nameSlices.push(namesCsv(slice));
  }
  return { count: places.length, places: placeSlices.join('\n'), names: nameSlices.join('\n') };
}

export class GazetteerRepository {
  /** The server processes of the connections a load runs on, while it runs (for cancelLoad). */
  private readonly loadingBackends = new Set<number>();

  constructor(private readonly db: Database) {}

  async state(): Promise<GazetteerStateRow | null> {
    const { rows } = await this.db.query<GazetteerStateRow>('SELECT version, state, places, boundaries, error FROM gazetteer_state');
    return rows[0] ?? null;
  }

  /** Records a state from outside the loading transaction, so that other processes see it at once. */
  async recordState(row: GazetteerStateRow): Promise<void> {
    await this.db.query(
      `INSERT INTO gazetteer_state (id, version, state, places, boundaries, error, updated_at) VALUES (true, $1, $2, $3, $4, $5, now())
       ON CONFLICT (id) DO UPDATE SET version = $1, state = $2, places = $3, boundaries = $4, error = $5, updated_at = now()`,
      [row.version, row.state, row.places, row.boundaries, row.error],
    );
  }

  /**
   * Runs a whole load in one transaction, under a lock that makes it the only one across processes; answers
   * null (nothing done) when another process holds it. Readers keep the old rows until the commit.
   */
  async loadExclusively<T>(work: (client: Queryable) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (client) => ((await tryGazetteerLock(client)) ? this.cancellable(client, () => work(client)) : null));
  }

  /** Cancels the statements a load is running (an index build takes seconds), so that a stop need not wait. */
  async cancelLoad(): Promise<void> {
    for (const pid of this.loadingBackends) await this.db.query('SELECT pg_cancel_backend($1)', [pid]);
  }

  private async cancellable<T>(client: Queryable, work: () => Promise<T>): Promise<T> {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    if (pid !== undefined) this.loadingBackends.add(pid);
    try {
      return await work();
    } finally {
      if (pid !== undefined) this.loadingBackends.delete(pid);
    }
  }

  async stateIn(client: Queryable): Promise<GazetteerStateRow | null> {
    const { rows } = await client.query<GazetteerStateRow>('SELECT version, state, places, boundaries, error FROM gazetteer_state');
    return rows[0] ?? null;
  }

  /** Empties the gazetteer's tables for a load (its places go to a table of their own until the swap). */
  async clear(client: Queryable): Promise<void> {
    // DELETE, not TRUNCATE: TRUNCATE would block every search until the load commits.
    await client.query('DELETE FROM boundaries');
    await client.query('DELETE FROM place_names');
    // Rebuilt by indexNames() (as 011_gazetteer defines them): far faster than keeping them up row by row. Search
    // of names waits for the load meanwhile; the search service does not ask before the gazetteer is ready.
    await client.query('DROP INDEX IF EXISTS place_names_prefix_idx');
    await client.query('DROP INDEX IF EXISTS place_names_trgm_idx');
    await client.query(CREATE_LOADING_PLACES);
    await client.query(CREATE_NAME_STAGING);
  }

  /** Stores a batch of places and their names (see placeBatchCopy). */
  async insertPlaces(client: Queryable, batch: PlaceBatchCopy): Promise<void> {
    if (batch.count === 0) return;
    await pipeline(Readable.from([batch.places]), client.query(copyFrom(COPY_PLACES)));
    await client.query('TRUNCATE place_names_staging');
    await pipeline(Readable.from([batch.names]), client.query(copyFrom('COPY place_names_staging (geoname_id, name, kind, population) FROM STDIN WITH (FORMAT csv)')));
    await client.query(NAMES_FROM_STAGING);
  }

  /** The boundaries made by PostGIS on a connection of the pool, outside the load's transaction (they read no table). */
  async makeBoundaries(boundaries: readonly BoundaryRecord[]): Promise<MadeBoundary[]> {
    const items = boundaries.map((boundary) => ({
      level: boundary.level,
      name: boundary.name ?? boundary.countryA3 ?? '',
      source: boundary.source,
      geometry: JSON.stringify(boundary.geometry),
    }));
    return this.db.withClient((client) =>
      this.cancellable(client, async () => (await client.query<MadeBoundary>(MAKE_BOUNDARIES, [JSON.stringify(items)])).rows),
    );
  }

  async insertBoundaries(client: Queryable, boundaries: readonly MadeBoundary[]): Promise<void> {
    await client.query(INSERT_BOUNDARIES, [JSON.stringify(boundaries)]);
  }

  /**
   * Fills land_parts from the land's polygons unless it holds this version's already, under the gazetteer's lock in a
   * transaction of its own; 'busy' when another process holds the lock (it is loading the gazetteer or the land).
   */
  async loadLand(version: string, polygons: () => Promise<Polygon[]>): Promise<'loaded' | 'present' | 'busy'> {
    return loadOncePerVersion(this.db, 'land_version', version, (client) =>
      this.cancellable(client, async () => {
        await client.query('DELETE FROM land_parts');
        await client.query(INSERT_LAND_PARTS, [JSON.stringify((await polygons()).map((polygon) => JSON.stringify(polygon)))]);
      }),
    );
  }

  async indexPlaces(client: Queryable): Promise<void> {
    for (const statement of LOADING_PLACE_INDEXES) await client.query(statement);
  }

  async indexNames(client: Queryable): Promise<void> {
    for (const statement of NAME_INDEXES) await client.query(statement);
  }

  /** The load's places become `places` (the old table and its rows go). */
  async swapPlaces(client: Queryable): Promise<void> {
    await client.query(SWAP_PLACES);
  }

  /** Codes and names of the boundaries from the places inside them (run after both are stored). */
  async deriveBoundaryCodes(client: Queryable): Promise<void> {
    await client.query(CODES_FROM_PLACES);
    // A state no place of the gazetteer falls in has no name worth drawing.
    await client.query("DELETE FROM boundaries WHERE level = 1 AND admin1_code IS NULL");
    await client.query(MERGE_DIVISION_PARTS);
    // Where search flies for each: its main body of land (025_boundary_views).
    await client.query('UPDATE boundaries SET view_bbox = boundary_view_bbox(geom) WHERE view_bbox IS NULL');
  }

  async counts(client: Queryable): Promise<{ places: number; boundaries: number }> {
    const { rows } = await client.query<{ places: number; boundaries: number }>(
      'SELECT (SELECT count(*) FROM places)::int AS places, (SELECT count(*) FROM boundaries)::int AS boundaries',
    );
    return rows[0] ?? { places: 0, boundaries: 0 };
  }

  async markReady(client: Queryable, version: string, counts: { places: number; boundaries: number }): Promise<void> {
    await client.query(
      `INSERT INTO gazetteer_state (id, version, state, places, boundaries, error, updated_at) VALUES (true, $1, 'ready', $2, $3, NULL, now())
       ON CONFLICT (id) DO UPDATE SET version = $1, state = 'ready', places = $2, boundaries = $3, error = NULL, updated_at = now()`,
      [version, counts.places, counts.boundaries],
    );
  }

  /** Statistics for the planner after a bulk load, the three tables on connections of their own (side by side). */
  async analyze(): Promise<void> {
    await Promise.all([this.db.query('ANALYZE places'), this.db.query('ANALYZE place_names'), this.db.query('ANALYZE boundaries')]);
  }

  async analyzeLand(): Promise<void> {
    await this.db.query('ANALYZE land_parts');
  }
}
