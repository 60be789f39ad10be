// Day one without a FIRMS map key: the `fires` job reads FIRMS's keyless global 24 h active-fire files from a loopback
// FIRMS host that serves real FIRMS CSVs in place (../shared/real-data/fires), with ETag/Last-Modified and 304s.
// - MODIS_C6_1_Global_24h.csv ← global24h_MODIS_C6_1_2023-08-01_asafo17.csv, a real MODIS global 24 h file (no
//   `instrument` column, satellite T/A, zero-padded HHMM).
// - The three VIIRS files ← the real VIIRS_SNPP/NOAA20/NOAA21 NRT CSVs recorded from FIRMS: the VIIRS global text
//   files have the same columns (satellite N / N20 / N21); no VIIRS global file was recorded.
// What must be stored is counted here from the files themselves (plain CSV, the FIRMS attribute rules), not by the
// app's parser.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../server/workers.js';
import { fileValidators, startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { connectTestBus, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { readRealData, realDataPath } from '../support/real-data-path.js';
import { runJobWhenFree } from '../support/run-job.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const ACTIVE_FIRE = '/data/active_fire';
const FILES = [
  { path: `${ACTIVE_FIRE}/suomi-npp-viirs-c2/csv/SUOMI_VIIRS_C2_Global_24h.csv`, real: 'area_VIIRS_SNPP_NRT_2026-10-01_thermwatch_head40.csv' },
  { path: `${ACTIVE_FIRE}/noaa-20-viirs-c2/csv/J1_VIIRS_C2_Global_24h.csv`, real: 'area_VIIRS_NOAA20_NRT_2026-10-01_thermwatch_head66.csv' },
  { path: `${ACTIVE_FIRE}/noaa-21-viirs-c2/csv/J2_VIIRS_C2_Global_24h.csv`, real: 'area_VIIRS_NOAA21_NRT_2026-10-01_thermwatch_head40.csv' },
  { path: `${ACTIVE_FIRE}/modis-c6.1/csv/MODIS_C6_1_Global_24h.csv`, real: 'global24h_MODIS_C6_1_2023-08-01_asafo17.csv' },
] as const;
const fileName = (urlPath: string) => urlPath.slice(urlPath.lastIndexOf('/') + 1);
const SATELLITES: Record<string, string> = { T: 'Terra', A: 'Aqua', N: 'N', N20: 'N20', '1': 'N20', N21: 'N21' };
const MAP_KEY = 'abcdef0123456789abcdef0123456789';

interface Row {
  latitude: number;
  longitude: number;
  key: string;
  satellite: string;
}

/** A FIRMS CSV's rows, each with its natural key (position, UTC acquisition minute, satellite). */
function rowsOf(realName: string): Row[] {
  const [header, ...lines] = readRealData('fires', realName)
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const columns = (header as string).split(',');
  return lines.map((line) => {
    const cells = Object.fromEntries(line.split(',').map((cell, index) => [columns[index], cell]));
    const satellite = SATELLITES[cells.satellite as string] as string;
    expect(satellite, `satellite ${cells.satellite}`).toBeDefined();
    const hhmm = (cells.acq_time as string).padStart(4, '0');
    return {
      latitude: Number(cells.latitude),
      longitude: Number(cells.longitude),
      key: `${Number(cells.latitude)} ${Number(cells.longitude)} ${cells.acq_date}T${hhmm} ${satellite}`,
      satellite,
    };
  });
}

const distinct = (rows: readonly Row[]) => new Set(rows.map((row) => row.key)).size;

function expectedBySatellite(rows: readonly Row[]): Record<string, number> {
  const keys = new Map<string, Set<string>>();
  for (const row of rows) keys.set(row.satellite, (keys.get(row.satellite) ?? new Set()).add(row.key));
  return Object.fromEntries([...keys].map(([satellite, set]) => [satellite, set.size]));
}

function serveAll(firms: FakeFirms): void {
  firms.globalFiles = Object.fromEntries(FILES.map((file) => [file.path, realDataPath('fires', file.real)]));
}

describe('fires without a key: the keyless FIRMS global 24 h files (fake FIRMS host on loopback)', () => {
  let nats: OwnNats;
  let firms: FakeFirms;
  let subject: TestApp;
  let workers: Workers;
  let bus: NatsConnection;
  let dataDir: string;
  const allRows = FILES.flatMap((file) => rowsOf(file.real));
  const runJob = () => subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });
  const health = async () => (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
  const count = async (sql: string) => Number((await queryOnce<{ n: string }>(subject.database.url, sql))[0]?.n);

  beforeAll(async () => {
    nats = await startOwnNats();
    firms = await startFakeFirms();
    serveAll(firms);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-fires-nokey-'));
    // FIRE_GLOBAL_INTERVAL 0: every run asks again (conditionally), so the second run shows the 304 path.
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, dataDir, settings: { FIRE_API_URL: firms.url, FIRE_GLOBAL_INTERVAL: '0' } });
    workers = startWorkers(subject.app);
    bus = await connectTestBus(nats.url, nats.token);
  });
  afterAll(async () => {
    await bus?.close();
    await workers?.stop();
    await subject?.close();
    await firms?.close();
    await nats?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads all four global files, stores their rows once each, and publishes them as events', async () => {
    const response = await runJob();
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).not.toHaveProperty('idle');
    expect(result).toMatchObject({ mode: 'global-24h', received: allRows.length, stored: distinct(allRows), duplicate: allRows.length - distinct(allRows), invalidRows: 0, outsideBbox: 0 });
    expect(result.files).toEqual(Object.fromEntries(FILES.map((file) => [fileName(file.path), 'downloaded'])));
    // Each file asked for once, unconditionally (nothing remembered yet).
    expect(firms.globalRequests.map((request) => request.path).sort()).toEqual(FILES.map((file) => file.path).sort());
    expect(firms.globalRequests.every((request) => request.ifNoneMatch === null && request.ifModifiedSince === null && request.status === 200)).toBe(true);
    expect(firms.requests.some((url) => url.startsWith('/api/area/'))).toBe(false);

    const stored = await queryOnce<{ satellite: string; n: string }>(subject.database.url, 'SELECT satellite, count(*) AS n FROM fires GROUP BY satellite');
    expect(Object.fromEntries(stored.map((row) => [row.satellite, Number(row.n)]))).toEqual(expectedBySatellite(allRows));
    // The MODIS file has no instrument column; the VIIRS files say VIIRS.
    expect(await count("SELECT count(*) AS n FROM fires WHERE satellite IN ('Terra', 'Aqua') AND instrument IS NOT NULL")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM fires WHERE satellite IN ('N', 'N20', 'N21') AND instrument = 'VIIRS'")).toBe(
      distinct(allRows.filter((row) => ['N', 'N20', 'N21'].includes(row.satellite))),
    );

    await waitUntilDrained(bus);
    expect(await count("SELECT count(*) AS n FROM events WHERE source_type = 'fire'")).toBe(distinct(allRows));
  });

  it('health says the global-24h mode is on, per file, and the pipeline is fresh', async () => {
    const report = await health();
    expect(report.pipelines.fires).toMatchObject({ stale: false, lastError: null });
    expect(report.sources.fires).toMatchObject({ mode: 'global-24h', bbox: 'world' });
    expect(report.sources.fires.files).toHaveLength(4);
    for (const file of FILES) {
      const status = report.sources.fires.files.find((entry: { name: string }) => entry.name === fileName(file.path));
      const validators = fileValidators(realDataPath('fires', file.real));
      expect(status).toMatchObject({
        url: `${firms.url}${file.path}`,
        lastResult: 'downloaded',
        etag: validators.etag,
        lastModified: validators.lastModified,
        lastError: null,
        nextCheckAfter: null,
      });
      expect(status.lastCounts.received).toBe(rowsOf(file.real).length);
      expect(Date.parse(status.lastDownloadedAt)).toBeGreaterThan(Date.now() - 120_000);
    }
  });

  it('the next run asks with If-None-Match / If-Modified-Since; a 304 stores nothing and is a success', async () => {
    firms.globalRequests = [];
    const before = await count('SELECT count(*) AS n FROM fires');
    const response = await runJob();
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ mode: 'global-24h', received: 0, stored: 0 });
    expect(response.json().result.files).toEqual(Object.fromEntries(FILES.map((file) => [fileName(file.path), 'not modified'])));
    expect(firms.globalRequests).toHaveLength(4);
    for (const request of firms.globalRequests) {
      const validators = fileValidators(realDataPath('fires', FILES.find((file) => file.path === request.path)?.real as string));
      expect(request).toMatchObject({ ifNoneMatch: validators.etag, ifModifiedSince: validators.lastModified, status: 304 });
    }
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before);
    const report = await health();
    expect(report.pipelines.fires).toMatchObject({ stale: false, lastError: null });
    expect(report.sources.fires.files.every((file: { lastResult: string }) => file.lastResult === 'not-modified')).toBe(true);
  });

  it('a server that ignores the conditional request but sends the same ETag: nothing is read again', async () => {
    firms.conditional = false;
    firms.globalRequests = [];
    try {
      const response = await runJob();
      expect(response.json().result).toMatchObject({ received: 0, stored: 0 });
      expect(firms.globalRequests.every((request) => request.status === 200)).toBe(true);
      expect(Object.values(response.json().result.files)).toEqual(['not modified', 'not modified', 'not modified', 'not modified']);
    } finally {
      firms.conditional = true;
    }
  });

  it('a new version of one file is downloaded; only its new rows are stored', async () => {
    const modisPath = FILES[3].path;
    // FIRMS rewrote the MODIS file: the Collection 6 global file of another day (real, 2,000 rows) stands in.
    firms.globalFiles[modisPath] = realDataPath('fires', 'global24h_MODIS_C6_2020-09-30_ryankeys.csv');
    firms.globalRequests = [];
    const before = await count('SELECT count(*) AS n FROM fires');
    const newRows = rowsOf('global24h_MODIS_C6_2020-09-30_ryankeys.csv');
    const response = await runJob();
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.files).toMatchObject({ 'MODIS_C6_1_Global_24h.csv': 'downloaded', 'SUOMI_VIIRS_C2_Global_24h.csv': 'not modified' });
    expect(result).toMatchObject({ received: newRows.length, stored: distinct(newRows) });
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before + distinct(newRows));
    serveAll(firms);
  });

  it('one file missing (404) does not fail the run; health names it; every file failing fails the run', async () => {
    const missing = FILES[2].path;
    delete firms.globalFiles[missing];
    const partial = await runJob();
    expect(partial.statusCode).toBe(200);
    expect(partial.json().result.files['J2_VIIRS_C2_Global_24h.csv']).toBe('failed: J2_VIIRS_C2_Global_24h.csv: FIRMS answered HTTP 404');
    const file = (await health()).sources.fires.files.find((entry: { name: string }) => entry.name === 'J2_VIIRS_C2_Global_24h.csv');
    expect(file).toMatchObject({ lastResult: 'failed', lastError: 'J2_VIIRS_C2_Global_24h.csv: FIRMS answered HTTP 404' });

    firms.globalFiles = Object.fromEntries(FILES.map((entry) => [entry.path, { raw: '<html><body>Service Unavailable</body></html>', status: 200 }]));
    const failed = await runJob();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(/SUOMI_VIIRS_C2_Global_24h\.csv: FIRMS answered something that is not an active-fire CSV/);
    expect((await health()).pipelines.fires.lastError).toMatch(/not an active-fire CSV/);
    serveAll(firms);
    // Back to normal: the versions remembered before the outage still hold (304s); nothing is stored twice.
    const before = await count('SELECT count(*) AS n FROM fires');
    const recovered = await runJob();
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().result).toMatchObject({ stored: 0 });
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before);
    expect((await health()).pipelines.fires).toMatchObject({ stale: false, lastError: null });
  });

  it('with a firms key stored (POST /api/keys), the area API is used instead; without it again, the global files', async () => {
    firms.globalRequests = [];
    firms.requests = [];
    firms.answer = { file: realDataPath('fires', 'area_VIIRS_SNPP_NRT_2026-10-01_thermwatch_head40.csv') };
    const saved = await subject.app.inject({ method: 'POST', url: '/api/keys', headers: authorized, payload: { provider: 'firms', value: MAP_KEY } });
    expect(saved.statusCode).toBe(200);
    expect((await health()).sources.fires).toMatchObject({ mode: 'area-api', dataset: 'VIIRS_SNPP_NRT', bbox: 'world' });
    // Saving the key ran the job at once in the background (the Sources tab's row follows); Run now comes after it.
    const response = await runJobWhenFree(subject.app, 'fires');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ mode: 'area-api', received: 40 });
    expect(firms.requests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(firms.requests)).toEqual(new Set([`/api/area/csv/${MAP_KEY}/VIIRS_SNPP_NRT/world/1`]));
    expect(firms.globalRequests).toEqual([]);

    expect((await subject.app.inject({ method: 'DELETE', url: '/api/keys?provider=firms', headers: authorized })).statusCode).toBe(204);
    expect((await health()).sources.fires.mode).toBe('global-24h');
    const again = await runJobWhenFree(subject.app, 'fires');
    expect(again.json().result.mode).toBe('global-24h');
    // The four files again: by the run the removal started and by this one (asked again as not modified, 304).
    expect(new Set(firms.globalRequests.map((request) => request.path)).size).toBe(4);
    expect(firms.globalRequests.length % 4).toBe(0);
  });

  it('a key FIRMS refuses fails the run, saying so, and the keyless files are read in the same run', async () => {
    firms.answer = { error: 'key' };
    const saved = await subject.app.inject({ method: 'POST', url: '/api/keys', headers: authorized, payload: { provider: 'firms', value: MAP_KEY } });
    try {
      expect(saved.statusCode).toBe(200);
      // The run saving the key started, then this one: both find the key refused.
      await runJobWhenFree(subject.app, 'fires');
      firms.globalRequests = [];
      const refused = await runJobWhenFree(subject.app, 'fires');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.message).toMatch(/^job "fires" failed: FIRMS refused the map key \(Invalid MAP_KEY\.\): check the key in the Keys tab; meanwhile fires come from the keyless 24-hour files \(0 new this run\)$/);
      expect(new Set(firms.globalRequests.map((request) => request.path)).size).toBe(4);
      const report = await health();
      expect(report.pipelines.fires).toMatchObject({ failing: true, reason: expect.stringMatching(/refused the map key.*keyless 24-hour files/) });
      // Health says which path the fires take now: the files, with their state, while the key stays refused.
      expect(report.sources.fires).toMatchObject({ mode: 'global-24h', keyRefused: true });
      expect(report.sources.fires.files).toHaveLength(4);
      expect(refused.body).not.toContain(MAP_KEY);
      expect(JSON.stringify(report)).not.toContain(MAP_KEY);
    } finally {
      firms.answer = { fixture: 'viirs-empty.csv' };
      await subject.app.inject({ method: 'DELETE', url: '/api/keys?provider=firms', headers: authorized });
    }
  });
});

describe('fires without a key: FIRE_BBOX keeps the global files to the box; FIRE_GLOBAL_INTERVAL spaces downloads', () => {
  // South America and the South Atlantic, west,south,east,north.
  const BBOX = '-82,-56,-34,13';
  const [west, south, east, north] = BBOX.split(',').map(Number) as [number, number, number, number];
  const inside = (row: Row) => row.longitude >= west && row.longitude <= east && row.latitude >= south && row.latitude <= north;
  let firms: FakeFirms;
  let subject: TestApp;
  const allRows = FILES.flatMap((file) => rowsOf(file.real));
  const runJob = () => subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });

  beforeAll(async () => {
    firms = await startFakeFirms();
    serveAll(firms);
    subject = await createTestApp({ ingesterEnabled: false, settings: { FIRE_API_URL: firms.url, FIRE_BBOX: BBOX } });
  });
  afterAll(async () => {
    await subject?.close();
    await firms?.close();
  });

  it('stores only the rows inside FIRE_BBOX and counts the others', async () => {
    const kept = allRows.filter(inside);
    // The sample must test something: rows on both sides of the box.
    expect(kept.length).toBeGreaterThan(100);
    expect(allRows.length - kept.length).toBeGreaterThan(100);
    const response = await runJob();
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ mode: 'global-24h', received: kept.length, stored: distinct(kept), outsideBbox: allRows.length - kept.length, invalidRows: 0 });
    expect(Number((await queryOnce<{ n: string }>(subject.database.url, 'SELECT count(*) AS n FROM fires'))[0]?.n)).toBe(distinct(kept));
    const outside = await queryOnce<{ n: string }>(
      subject.database.url,
      'SELECT count(*) AS n FROM fires WHERE NOT (longitude BETWEEN $1 AND $3 AND latitude BETWEEN $2 AND $4)',
      [west, south, east, north],
    );
    expect(Number(outside[0]?.n)).toBe(0);
  });

  it('by default a file just downloaded is not asked for again within the hour (a success with nothing to do)', async () => {
    firms.globalRequests = [];
    const response = await runJob();
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ mode: 'global-24h', received: 0, stored: 0 });
    for (const outcome of Object.values(result.files)) expect(outcome).toMatch(/^not due until \d{4}-/);
    expect(firms.globalRequests).toEqual([]);
    const report = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(report.pipelines.fires).toMatchObject({ stale: false, lastError: null });
    for (const file of report.sources.fires.files) {
      expect(Date.parse(file.nextCheckAfter) - Date.parse(file.lastDownloadedAt)).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    }
  });
});
