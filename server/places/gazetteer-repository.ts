// SQL that fills the gazetteer: the state row, places and their names by COPY, boundaries, and the facts
// PostGIS derives (a boundary's country and division from the places inside it).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Queryable } from '../db/database.js';
import type { BoundaryRecord, PlaceRecord } from './gazetteer-source.js';
import { placeMinZoom } from './place-min-zoom.js';

export type GazetteerLoadState = 'loading' | 'ready' | 'failed';

export interface GazetteerStateRow {
  version: string;
  state: GazetteerLoadState;
  places: number;
  boundaries: number;
  error: string | null;
}

// Below zoom 5 a pixel of a 512-pixel tile is 5 km or more: 2.5 km of simplification does not show.
const SIMPLIFY_LOW_METRES = 2_500;

const CREATE_NAME_STAGING = `CREATE TEMP TABLE place_names_staging (geoname_id integer, name text, kind smallint, population bigint) ON COMMIT DROP`;

const COPY_PLACES = `COPY places (geoname_id, name, ascii_name, country_code, country_name, admin1_code, admin1_name, population,
  feature_code, capital, min_zoom, geom) FROM STDIN WITH (FORMAT csv)`;

// One row per place and folded name: the place's own name wins over its ASCII name over an alternate.
const NAMES_FROM_STAGING = `
INSERT INTO place_names (geoname_id, folded, name, kind, population)
SELECT DISTINCT ON (geoname_id, folded) geoname_id, folded, name, kind, population
FROM (SELECT geoname_id, gazetteer_fold(name) AS folded, name, kind, population FROM place_names_staging) AS staged
WHERE folded <> ''
ORDER BY geoname_id, folded, kind`;

// All boundaries in one statement from a JSON array of {level, name, source, geometry}. MATERIALIZED: inlined,
// each use of `geom` would parse and repair the geometry again (ten times slower).
const INSERT_BOUNDARIES = `
WITH input AS MATERIALIZED (
  SELECT (item->>'level')::smallint AS level, item->>'name' AS name, item->>'source' AS source,
         ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(item->>'geometry'), 4326)), 3)) AS geom
  FROM json_array_elements($1::json) AS item
),
mercator AS MATERIALIZED (
  -- Web Mercator ends at ±85.05°; beyond it the projection has no finite y.
  SELECT level, name, source, geom, ST_Transform(
           CASE WHEN ST_YMin(geom) >= -85.05 AND ST_YMax(geom) <= 85.05 THEN geom
                ELSE ST_Multi(ST_CollectionExtract(ST_Intersection(geom, ST_MakeEnvelope(-180, -85.05, 180, 85.05, 4326)), 3)) END,
           3857) AS tile_geom
  FROM input
  WHERE NOT ST_IsEmpty(geom)
)
INSERT INTO boundaries (level, name, source, geom, tile_geom, tile_geom_low, label_point)
SELECT level, name, source, geom, tile_geom, ST_Multi(ST_Simplify(tile_geom, ${SIMPLIFY_LOW_METRES}, true)),
       (SELECT ST_PointOnSurface(part.geom) FROM ST_Dump(geom) AS part ORDER BY ST_Area(part.geom) DESC LIMIT 1)
FROM mercator
WHERE NOT ST_IsEmpty(tile_geom)`;

// A boundary's country (world-atlas gives ISO numeric codes only) and division are those most of the places
// nearest its label point carry, among the ones inside it: a sample, so a large country costs no more than a small one.
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
      FROM places p
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
  }
  return lines.join('\n');
}

export class GazetteerRepository {
  /** The server process of the connection a load runs on, while it runs (for cancelLoad). */
  private loadingBackend: number | null = null;

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
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<{ acquired: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('vantage-gazetteer')) AS acquired");
      if (!rows[0]?.acquired) return null;
      const { rows: backend } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      this.loadingBackend = backend[0]?.pid ?? null;
      try {
        return await work(client);
      } finally {
        this.loadingBackend = null;
      }
    });
  }

  /** Cancels the statement a load is running (an index build takes seconds), so that a stop need not wait. */
  async cancelLoad(): Promise<void> {
    if (this.loadingBackend === null) return;
    await this.db.query('SELECT pg_cancel_backend($1)', [this.loadingBackend]);
  }

  async stateIn(client: Queryable): Promise<GazetteerStateRow | null> {
    const { rows } = await client.query<GazetteerStateRow>('SELECT version, state, places, boundaries, error FROM gazetteer_state');
    return rows[0] ?? null;
  }

  async clear(client: Queryable): Promise<void> {
    // DELETE, not TRUNCATE: TRUNCATE would block every search until the load commits.
    await client.query('DELETE FROM boundaries');
    await client.query('DELETE FROM place_names');
    await client.query('DELETE FROM places');
    // Rebuilt by indexNames() (as 011_gazetteer defines them): far faster than keeping them up row by row. Search
    // of names waits for the load meanwhile; the search service does not ask before the gazetteer is ready.
    await client.query('DROP INDEX IF EXISTS place_names_prefix_idx');
    await client.query('DROP INDEX IF EXISTS place_names_trgm_idx');
    await client.query(CREATE_NAME_STAGING);
  }

  async insertPlaces(client: Queryable, places: readonly PlaceRecord[]): Promise<void> {
    if (places.length === 0) return;
    await pipeline(Readable.from([placesCsv(places)]), client.query(copyFrom(COPY_PLACES)));
    await client.query('TRUNCATE place_names_staging');
    await pipeline(Readable.from([namesCsv(places)]), client.query(copyFrom('COPY place_names_staging (geoname_id, name, kind, population) FROM STDIN WITH (FORMAT csv)')));
    await client.query(NAMES_FROM_STAGING);
  }

  async insertBoundaries(client: Queryable, boundaries: readonly BoundaryRecord[]): Promise<void> {
    const items = boundaries.map((boundary) => ({
      level: boundary.level,
      name: boundary.name ?? boundary.countryA3 ?? '',
      source: boundary.source,
      geometry: JSON.stringify(boundary.geometry),
    }));
    await client.query(INSERT_BOUNDARIES, [JSON.stringify(items)]);
  }

  async indexNames(client: Queryable): Promise<void> {
    for (const statement of NAME_INDEXES) await client.query(statement);
  }

  /** Codes and names of the boundaries from the places inside them (run after both are stored). */
  async deriveBoundaryCodes(client: Queryable): Promise<void> {
    await client.query(CODES_FROM_PLACES);
    // A state no place of the gazetteer falls in has no name worth drawing.
    await client.query("DELETE FROM boundaries WHERE level = 1 AND admin1_code IS NULL");
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

  /** Statistics for the planner after a bulk load. */
  async analyze(): Promise<void> {
    await this.db.query('ANALYZE places');
    await this.db.query('ANALYZE place_names');
    await this.db.query('ANALYZE boundaries');
  }
}
