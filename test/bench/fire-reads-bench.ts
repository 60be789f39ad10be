// Bench cases of the fire reads over many stored detections, each against its bare SQL in the same run:
// GET /api/fires for a continent; vector tiles of the map's last 24 h at z4 and z8, asked again with nothing stored
// (from memory) and after a detection was stored in them (drawn again), and z4's first draw of an hour; and a tile of
// closed hours served from the cache and revalidated (If-None-Match → 304). The bare SQL is what the API's statement
// becomes once its parameters are bound (PostgreSQL folds the optional parts away), run on a connection of its own in
// pg's callback form (bare-query.ts). The API is called through undici's Client on a kept-alive connection
// (keep-alive-get.ts).
import http from 'node:http';
import type pg from 'pg';
import type { BenchFigure } from './bench-figures.js';
import { bareQuery } from './bare-query.js';
import { type KeptAliveAnswer, keepAliveGet, nodeHttpGet } from './keep-alive-get.js';
import { percentile } from './live-latency-bench.js';

const CONTINENT = [-130, 20, -60, 55] as const;
/** Unmeasured calls of each side before a figure's calls (at most as many as it measures). */
const WARM_UP_RUNS = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** N detections spread over the world and the last 30 days; answers how long it took (ms). */
export async function loadStoredFires(client: pg.Client, rows: number): Promise<number> {
  const started = performance.now();
  await client.query("SELECT vantage_ensure_daily_partitions('fires'::regclass, 'acq_time', (now() - interval '31 days')::date, 32)");
  // Indexes are built once after the load (a sorted build) rather than row by row: minutes less of setup.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'fires' AND indexname <> 'fires_pkey'`,
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await client.query(
    `INSERT INTO fires (latitude, longitude, acq_time, satellite, confidence, frp, daynight, instrument, geom)
     SELECT lat, lon, now() - (i % 2592000) * interval '1 second', 'N', 'n', 3.5, 'N', 'VIIRS', ST_SetSRID(ST_MakePoint(lon, lat), 4326)
     FROM (SELECT i, round((-60 + random() * 130)::numeric, 5)::float8 AS lat, round((-180 + random() * 360)::numeric, 5)::float8 AS lon
           FROM generate_series(1, $1) AS i) AS points
     ON CONFLICT DO NOTHING`,
    [rows],
  );
  // indexdef of a partitioned index reads "ON ONLY": that would index the parent alone, none of the partitions.
  for (const index of indexes) await client.query(index.definition.replace(' ON ONLY ', ' ON '));
  // What autovacuum does to a table that was written to: statistics, and the visibility map that lets
  // the covering index answer without heap visits.
  await client.query('VACUUM ANALYZE fires');
  // The load leaves about a gigabyte of dirty pages, which the checkpointer would otherwise write out over the next
  // minutes, under the reads being measured.
  await client.query('CHECKPOINT');
  return performance.now() - started;
}

/**
 * API and bare SQL taken in turns, so load from elsewhere on the machine falls on both alike; `beforeApi` runs before
 * each API call, unmeasured.
 */
async function paired(
  api: () => Promise<unknown>,
  sql: () => Promise<unknown>,
  runs: number,
  beforeApi: () => Promise<unknown> = async () => undefined,
): Promise<{ api: number[]; sql: number[] }> {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  // Unmeasured runs each first: connections, plans, caches and the JIT warm. The bare SQL's client code is warm from
  // the setup already, the API's route is not: with one run before, the list of 1,000's first 20 calls through the API
  // took a median 7.6 ms against 5.1 ms for the 280 after them (its bare SQL 4.3 against 3.9 ms).
  for (let run = 0; run < Math.min(WARM_UP_RUNS, runs); run += 1) {
    await api();
    await sql();
  }
  for (let run = 0; run < runs; run += 1) {
    await beforeApi();
    apiTimes.push(await measure(api));
    sqlTimes.push(await measure(sql));
  }
  return { api: apiTimes.sort((a, b) => a - b), sql: sqlTimes.sort((a, b) => a - b) };
}

async function measure(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// A tile's detections are looked for in its envelope grown by a unit of its extent, as the API does (fire-repository.ts);
// `condition` adds to the features' WHERE (an FRP floor, $6, as the API's statement is bound for a request naming one).
const tileSql = (condition = '') => `
WITH bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS tile),
features AS (
  SELECT ST_AsMVTGeom(ST_Transform(f.geom, 3857), b.tile, 4096, 64, true) AS geom, f.satellite, f.confidence, f.frp,
         f.daynight AS "dayNight", extract(epoch FROM f.acq_time)::bigint AS "acqTime"
  FROM fires f, bounds b
  WHERE f.geom && ST_Expand(ST_Transform(b.tile, 4326), 0.087890625 / 2 ^ $1) AND f.acq_time >= $4 AND f.acq_time < $5${condition} LIMIT 50000)
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile FROM features`;
const TILE_SQL = tileSql();
const TILE_SQL_WITH_FRP_FLOOR = tileSql(' AND f.frp >= $6::real');

function figure(name: string, times: { api: number[]; sql: number[] }, target: string, p = 95): BenchFigure {
  const value = percentile(times.api, p);
  const baseline = percentile(times.sql, p);
  return { name, unit: 'ms', value, baseline, ratio: value / baseline, samples: times.api.length, target };
}

/** The p95 figure and, under it, the median: one slow call in twenty moves a p95 of 100 calls on a shared machine. */
function figures95and50(name: string, times: { api: number[]; sql: number[] }, target: string): BenchFigure[] {
  return [figure(name, times, target), figure('  … median of the same calls', times, '', 50)];
}

/**
 * The list of the view an analyst stops on, asked right after eight quick pans whose lists were aborted as the map
 * moved on (each a continent's newest 20,000 of a week, hung up 5 ms after it was asked), against the same list
 * asked alone. Medians: each round first waits until the API's sessions are idle.
 */
async function afterAbortedPans(
  get: (path: string) => Promise<KeptAliveAnswer>,
  options: { apiUrl: string; token: string; client: pg.Client },
): Promise<BenchFigure> {
  const week = () => new Date(Date.now() - 7 * DAY_MS).toISOString();
  const list = (west: number) => `/api/fires?bbox=${west},20,${west + 70},55&since=${week()}&limit=20000`;
  const idle = () => databaseIdle(options.client);
  const after: number[] = [];
  const alone: number[] = [];
  for (let round = 0; round < 12; round += 1) {
    await idle();
    for (let pan = 0; pan < 8; pan += 1) {
      const request = http.get(`${options.apiUrl}${list(-130 + pan)}`, { headers: { authorization: `Bearer ${options.token}` }, agent: false });
      request.on('error', () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 5));
      request.destroy();
    }
    after.push(await measure(() => get(list(-122))));
    await idle();
    alone.push(await measure(() => get(list(-122))));
  }
  return figure('GET /api/fires 20,000 of 7 days right after 8 aborted pans (vs the same list alone)', { api: after.sort((a, b) => a - b), sql: alone.sort((a, b) => a - b) }, 'ratio ≤ 1.2', 50);
}

/** Waits (up to 10 s) until no other session of the database runs a statement. */
async function databaseIdle(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await client.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (rows[0]?.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One detection of now stored through the API (as FIRMS rows come in), unmeasured. */
async function storeDetection(options: { apiUrl: string; token: string }, longitude: number, latitude: number): Promise<void> {
  const answer = await fetch(`${options.apiUrl}/api/ingest/fires`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
    body: JSON.stringify([
      { latitude, longitude, acq_time: new Date().toISOString(), satellite: 'N', confidence: 'n', frp: 3.5, daynight: 'D' },
    ]),
  });
  const counts = (await answer.json()) as { stored?: number };
  if (answer.status !== 200 || counts.stored !== 1) throw new Error(`detection not stored: ${answer.status} ${JSON.stringify(counts)}`);
}

export async function benchFireReads(options: { apiUrl: string; token: string; client: pg.Client; queries: number }): Promise<BenchFigure[]> {
  const headers = { authorization: `Bearer ${options.token}` };
  const keptAlive = keepAliveGet(options.apiUrl);
  const get = (path: string, extra: Record<string, string> = {}) => keptAlive(path, { ...headers, ...extra });
  try {
    return await fireReadFigures(get, options);
  } finally {
    await keptAlive.close();
  }
}

async function fireReadFigures(
  get: (path: string, extra?: Record<string, string>) => Promise<KeptAliveAnswer>,
  options: { apiUrl: string; token: string; client: pg.Client; queries: number },
): Promise<BenchFigure[]> {
  const { apiUrl, client, queries } = options;
  const [west, south, east, north] = CONTINENT;
  const figures: BenchFigure[] = [];

  // The list: newest 1,000 of the last day in a continent (the API's default limit).
  const listSql = (days: number, limit: number) => () =>
    bareQuery(
      client,
      `SELECT latitude, longitude, to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "acqTime",
              satellite, confidence, frp, daynight AS "dayNight", instrument FROM fires
       WHERE acq_time >= $5 AND latitude BETWEEN $2 AND $4 AND longitude BETWEEN $1 AND $3
       ORDER BY acq_time DESC LIMIT $6`,
      [west, south, east, north, new Date(Date.now() - days * DAY_MS), limit],
    );
  const list = await paired(() => get(`/api/fires?bbox=${CONTINENT.join(',')}`), listSql(1, 1000), queries);
  figures.push(...figures95and50('GET /api/fires continent viewport (newest 1,000) p95, {stored} (vs bare SQL)', list, 'ratio ≤ 1.2, ≤ 50 ms'));
  // The most the map asks for at once (its point limit, zoom 6 and above), over a week: a long answer, which the API
  // writes while the rows arrive. Fewer calls: each takes tens of milliseconds.
  const longList = await paired(
    () => get(`/api/fires?bbox=${CONTINENT.join(',')}&since=${new Date(Date.now() - 7 * DAY_MS).toISOString()}&limit=20000`),
    listSql(7, 20_000),
    Math.max(10, Math.round(queries / 4)),
  );
  figures.push(...figures95and50('GET /api/fires continent, newest 20,000 of 7 days p95, {stored} (vs bare SQL)', longList, 'ratio ≤ 1.2'));
  figures.push(await afterAbortedPans(get, options));

  // Tiles of the map's default window (the last day, open hour included), against the whole window drawn by one
  // statement. Asked again with nothing stored since (the map's periodic re-read, another analyst's view), the API
  // answers from memory after one version read. After a detection is stored in the tile, at z4 it draws its edges
  // again and joins them to its closed hours' tile (from memory); at z8 (drawn whole, see JOINED_TILE_MAX_ZOOM) the
  // store, made by the API process itself, was added to the kept tile at its commit (FireQueries.noteStored).
  const wholeDaySql = (zoom: number, x: number, y: number) => () =>
    bareQuery(client, TILE_SQL, [zoom, x, y, new Date(Date.now() - DAY_MS), new Date(Date.now() + DAY_MS)]);
  for (const [zoom, x, y, where, [lon, lat]] of [
    [4, 2, 5, 'western US', [-120.3, 45.2]],
    [8, 42, 99, 'California', [-120.2, 37.1]],
  ] as const) {
    const tile = await paired(() => get(`/api/tiles/fires/${zoom}/${x}/${y}.mvt`), wholeDaySql(zoom, x, y), queries);
    figures.push(...figures95and50(`vector tile z${zoom} (${where}, last 24 h), nothing stored since its last request p95, {stored} (vs bare ST_AsMVT)`, tile, 'ratio ≤ 1.2, ≤ 30 ms'));
    const drawnAgain = await paired(
      () => get(`/api/tiles/fires/${zoom}/${x}/${y}.mvt`),
      wholeDaySql(zoom, x, y),
      Math.max(10, Math.round(queries / 4)),
      // What the store sets off (its live event stored and sent) is done before the tile is asked for, as it is by
      // the time the map re-reads its tiles.
      async () => {
        await storeDetection(options, lon, lat);
        await databaseIdle(client);
      },
    );
    const how = zoom === 4 ? 'closed hours from memory, edges drawn' : 'taken into the kept tile at its commit';
    figures.push(...figures95and50(`  … z${zoom} after a detection was stored in it (${how}) p95`, drawnAgain, 'ratio ≤ 1.2'));
    if (zoom !== 4) continue;
    // The z4 tile's first request of the hour (or of a filter): its closed hours drawn too, and kept. Each call names
    // a filter not seen before (an FRP floor under every stored detection's), so none is answered from memory; the
    // bare SQL applies the floor of the API call just before it, as the API's statement does.
    let unseen = 0;
    const floor = () => (unseen / 1e6).toFixed(6);
    const firstDraw = await paired(
      () => {
        unseen += 1;
        return get(`/api/tiles/fires/${zoom}/${x}/${y}.mvt?minFrp=${floor()}`);
      },
      () => bareQuery(client, TILE_SQL_WITH_FRP_FLOOR, [zoom, x, y, new Date(Date.now() - DAY_MS), new Date(Date.now() + DAY_MS), floor()]),
      Math.max(10, Math.round(queries / 4)),
    );
    figures.push(...figures95and50('  … z4, its closed hours drawn too (first request of the hour or of a filter) p95', firstDraw, 'ratio ≤ 1.2'));
  }

  // The floor under every figure above: an API round trip that reads no database (the UI settings are held in
  // memory), through the same hooks (host check, token) and the same client, against the bare z8 tile's SQL.
  const floor = await paired(
    () => get('/api/ui-settings'),
    wholeDaySql(8, 42, 99),
    queries,
  );
  figures.push(figure('  … HTTP floor p95: GET /api/ui-settings, no database read (vs the bare z8 tile SQL)', floor, ''));
  // The same floor through node:http's client and through Node's fetch, which the figures above do not use (see
  // keep-alive-get.ts).
  const nodeHttp = nodeHttpGet(apiUrl);
  try {
    const nodeHttpFloor = await paired(
      () => nodeHttp('/api/ui-settings', { authorization: `Bearer ${options.token}` }),
      wholeDaySql(8, 42, 99),
      queries,
    );
    figures.push(figure('  … the same floor through node:http p95', nodeHttpFloor, ''));
  } finally {
    await nodeHttp.close();
  }
  const fetchFloor = await paired(
    async () => (await fetch(`${apiUrl}/api/ui-settings`, { headers: { authorization: `Bearer ${options.token}` } })).arrayBuffer(),
    wholeDaySql(8, 42, 99),
    queries,
  );
  figures.push(figure('  … the same floor through fetch p95', fetchFloor, ''));

  // A tile of seven closed days: drawn once, then served from memory, then revalidated to 304.
  const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const since = new Date(hourStart - 7 * DAY_MS);
  const until = new Date(hourStart);
  const closedUrl = `/api/tiles/fires/4/2/5.mvt?since=${since.toISOString()}&until=${until.toISOString()}`;
  const first = await get(closedUrl);
  const etag = String(first.headers.etag ?? '');
  const closedSql = () => bareQuery(client, TILE_SQL, [4, 2, 5, since, until]);
  const cached = await paired(() => get(closedUrl), closedSql, queries);
  figures.push(figure('vector tile z4, 7 closed days, cached p95, {stored} (vs bare ST_AsMVT)', cached, 'ratio ≤ 1.2'));
  const revalidated = await paired(
    async () => {
      const answer = await get(closedUrl, { 'if-none-match': etag });
      if (answer.status !== 304) throw new Error(`expected 304, got ${answer.status}`);
    },
    closedSql,
    queries,
  );
  figures.push(figure('  … revalidated, If-None-Match → 304', revalidated, 'ratio ≤ 1.2'));
  return figures;
}
