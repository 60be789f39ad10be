// Bench cases of the gazetteer, each against its bare SQL in the same run, API and SQL taken in turns:
// - GET /api/search over the whole gazetteer (names and 3–5 letter prefixes of random places) vs the bare
//   prefix statement of place search; and the same with a state or country after a comma ("Pari, Texas") vs the
//   bare prefix statement of the name alone;
// - place tiles at zoom 4 and 8 (tiles holding random places) vs the bare tile statement.
// The first load of the packaged data is reported as a setup figure.
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { SESSION_OPTIONS } from '../../server/db/database.js';
import { parseServerConfig } from '../../server/config.js';
import { placeTileRules } from '../../server/places/place-tile-queries.js';
import type { BenchFigure } from './bench-figures.js';
import { startBenchStack } from './bench-stack.js';
import { percentile } from './live-latency-bench.js';

const TOKEN = 'bench-token-0123456789abcdef';

// The prefix statement of PlaceSearchRepository.byPrefix, with its parameters bound the same way.
const PREFIX_SQL = `
WITH q AS (SELECT gazetteer_fold($1::text) AS folded),
candidates AS (
  SELECT n.geoname_id, n.name AS matched, n.kind, n.folded = q.folded AS exact, n.population
  FROM place_names n, q
  WHERE n.folded LIKE gazetteer_fold($2::text) || '%'
  ORDER BY n.folded = q.folded DESC, n.population DESC, n.kind
  LIMIT 400
),
best AS (SELECT DISTINCT ON (geoname_id) * FROM candidates ORDER BY geoname_id, exact DESC, kind)
SELECT p.geoname_id, p.name, best.matched, p.country_name, p.admin1_name, p.population, ST_Y(p.geom), ST_X(p.geom), best.exact
FROM best JOIN places p ON p.geoname_id = best.geoname_id
ORDER BY best.exact DESC, p.population DESC, p.geoname_id
LIMIT $3`;

// PlaceTileRepository's statement, its parameters bound the same way.
const TILE_SQL = `
WITH bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS tile, ST_Expand(ST_Transform(ST_TileEnvelope($1, $2, $3), 4326), 22.5 / 2 ^ $1) AS wide),
place_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(p.geom, 3857), b.tile, 4096, 256, true) AS geom, p.geoname_id AS id, p.name,
         p.population::float8 AS population, p.capital, p.feature_code AS "featureCode", p.country_code AS "countryCode", p.admin1_name AS "admin1Name"
  FROM places p, bounds b
  WHERE p.geom && b.wide AND p.min_zoom <= $4
  ORDER BY p.capital DESC, p.population DESC, p.geoname_id
  LIMIT $5
),
boundary_features AS (
  SELECT ST_AsMVTGeom(CASE WHEN $8 THEN d.tile_geom_low ELSE d.tile_geom END, b.tile, 4096, 64, true) AS geom, d.level, d.name, d.country_code AS "countryCode"
  FROM boundaries d, bounds b
  WHERE d.level <= $6 AND (($8 AND d.tile_geom_low && b.tile) OR (NOT $8 AND d.tile_geom && b.tile))
),
label_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(d.label_point, 3857), b.tile, 4096, 256, true) AS geom, d.level, d.name, d.country_code AS "countryCode",
         round(ST_Area(d.tile_geom_low) / 1e6)::float8 AS "areaKm2"
  FROM boundaries d, bounds b
  WHERE d.level <= $7 AND d.label_point && b.wide
),
land_features AS (
  SELECT ST_AsMVTGeom(l.geom, b.tile, 4096, 64, true) AS geom FROM land_parts l, bounds b WHERE $9 AND l.geom && b.tile
),
airport_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(a.geom, 3857), b.tile, 4096, 256, true) AS geom, a.name, coalesce(a.iata, a.ident) AS code, a.large
  FROM airports a, bounds b WHERE $10::text <> 'none' AND a.geom && b.wide AND (a.large OR $10::text = 'all')
)
SELECT coalesce((SELECT ST_AsMVT(place_features.*, 'places', 4096, 'geom', 'id') FROM place_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(boundary_features.*, 'boundaries', 4096, 'geom') FROM boundary_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(label_features.*, 'boundary_labels', 4096, 'geom') FROM label_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(land_features.*, 'land', 4096, 'geom') FROM land_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(airport_features.*, 'airports', 4096, 'geom') FROM airport_features WHERE geom IS NOT NULL), ''::bytea) AS tile`;

function tileOf(zoom: number, latitude: number, longitude: number): [number, number, number] {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return [zoom, Math.floor(((longitude + 180) / 360) * n), Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n)];
}

async function measure(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Each input once through the API and once as bare SQL, in turns, after one unmeasured warm-up of each. */
async function paired<T>(inputs: readonly T[], api: (input: T) => Promise<unknown>, sql: (input: T) => Promise<unknown>): Promise<{ api: number[]; sql: number[] }> {
  const first = inputs[0];
  if (first !== undefined) {
    await api(first);
    await sql(first);
  }
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  for (const input of inputs) {
    apiTimes.push(await measure(() => api(input)));
    sqlTimes.push(await measure(() => sql(input)));
  }
  return { api: apiTimes.sort((a, b) => a - b), sql: sqlTimes.sort((a, b) => a - b) };
}

function figure(name: string, times: { api: number[]; sql: number[] }, target: string): BenchFigure {
  const value = percentile(times.api, 95);
  const baseline = percentile(times.sql, 95);
  return { name, unit: 'ms', value, baseline, ratio: value / baseline, samples: times.api.length, target };
}

export async function benchPlaces(options: { queries: number }): Promise<BenchFigure[]> {
  const stack = await startBenchStack();
  const client = new pg.Client({ connectionString: stack.databaseUrl, options: SESSION_OPTIONS });
  await client.connect();
  const app = await buildApp(
    parseServerConfig({
      databaseUrl: stack.databaseUrl,
      natsUrl: stack.natsUrl,
      natsToken: stack.natsToken,
      apiToken: TOKEN,
      dataDir: stack.dataDir,
      schedulesEnabled: false,
      ingesterEnabled: false,
    }),
  );
  try {
    const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const loadStarted = performance.now();
    await app.gazetteer.ensureLoaded();
    const loadMs = performance.now() - loadStarted;
    const progress = app.gazetteer.progress();
    if (progress.state !== 'ready') throw new Error(`gazetteer did not load: ${progress.error ?? progress.state}`);

    // Random places of the whole gazetteer: their names, and prefixes of 3 to 5 letters of them.
    const { rows: sample } = await client.query<{ name: string; lat: number; lon: number }>(
      'SELECT name, ST_Y(geom) AS lat, ST_X(geom) AS lon FROM places ORDER BY random() LIMIT $1',
      [options.queries],
    );
    const texts = sample.map((place, index) => (index % 2 === 0 ? place.name : place.name.slice(0, 3 + (index % 3))));
    const searchTimes = await paired(
      texts,
      async (q) => {
        const answer = await fetch(`${apiUrl}/api/search?${new URLSearchParams({ q, limit: '10' })}`, { headers });
        if (answer.status !== 200) throw new Error(`search ${q}: ${answer.status}`);
        await answer.arrayBuffer();
      },
      (q) => client.query(PREFIX_SQL, [q, q.replace(/[\\%_]/g, (c) => `\\${c}`), 10]),
    );

    // The same places, with their state (or country) after a comma, as an address is written ("Pari, Texas"): against
    // the bare prefix statement of the name alone.
    const { rows: regional } = await client.query<{ name: string; region: string }>(
      'SELECT name, coalesce(admin1_name, country_name, country_code) AS region FROM places ORDER BY random() LIMIT $1',
      [options.queries],
    );
    const regionTexts = regional.map((place, index) => ({
      name: index % 2 === 0 ? place.name : place.name.slice(0, 3 + (index % 3)),
      region: place.region,
    }));
    const regionTimes = await paired(
      regionTexts,
      async ({ name, region }) => {
        const answer = await fetch(`${apiUrl}/api/search?${new URLSearchParams({ q: `${name}, ${region}`, limit: '10' })}`, { headers });
        if (answer.status !== 200) throw new Error(`search ${name}, ${region}: ${answer.status}`);
        await answer.arrayBuffer();
      },
      ({ name }) => client.query(PREFIX_SQL, [name, name.replace(/[\\%_]/g, (c) => `\\${c}`), 10]),
    );

    const tileFigures: BenchFigure[] = [];
    for (const zoom of [4, 8]) {
      const rules = placeTileRules(zoom);
      const tiles = sample.map((place) => tileOf(zoom, place.lat, place.lon));
      const times = await paired(
        tiles,
        async ([z, x, y]) => {
          const answer = await fetch(`${apiUrl}/api/tiles/places/${z}/${x}/${y}.mvt`, { headers });
          if (answer.status !== 200) throw new Error(`tile ${z}/${x}/${y}: ${answer.status}`);
          await answer.arrayBuffer();
        },
        ([z, x, y]) =>
          client.query(TILE_SQL, [z, x, y, rules.zoom, rules.maxPlaces, rules.boundaryLevel, rules.labelLevel, rules.lowDetail, rules.land, rules.airports]),
      );
      tileFigures.push(figure(`place tile z${zoom} p95, ${progress.places.toLocaleString('en')} places (vs bare SQL)`, times, '≤ 50 ms'));
    }
    return [
      figure(`GET /api/search p95 over ${progress.places.toLocaleString('en')} places (vs bare prefix SQL)`, searchTimes, '≤ 50 ms'),
      figure('GET /api/search "name, state or country" p95 (vs bare prefix SQL of the name)', regionTimes, '≤ 50 ms'),
      ...tileFigures,
      { name: `setup: gazetteer first load (${progress.places.toLocaleString('en')} places, ${progress.boundaries} boundaries)`, unit: 's', value: loadMs / 1000, baseline: loadMs / 1000, ratio: 1, samples: 1 },
    ];
  } finally {
    await app.close();
    await client.end();
    await stack.stop();
  }
}
