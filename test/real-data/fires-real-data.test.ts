// Every real FIRMS file of ../shared/real-data/fires through the app's own paths: the `fires` poller against a
// loopback FIRMS area API (/api/area/csv/{key}/{dataset}/{bbox}/{days}) and POST /api/ingest/fires. What must be
// stored is read from each file here, by the FIRMS attribute documentation, never by the app's parser:
// - acq_date is YYYY-MM-DD (UTC) and acq_time HHMM (UTC), written without leading zeros by the area API (650 = 06:50)
//   and zero-padded in the active-fire text files (0035);
// - satellite: MODIS T/Terra, A/Aqua; VIIRS N (Suomi NPP), N20/1 (NOAA-20), N21 (NOAA-21);
// - confidence: VIIRS l/n/h, MODIS 0–100 (0 included);
// - one detection per (latitude, longitude, acquisition instant, satellite): a repeat is a duplicate;
// - `type` (standard-processing files only): 0 presumed vegetation fire, 1 active volcano, 2 other static land source,
//   3 offshore; only 0 (or no such column) is a fire to keep, the others are counted apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSharedDatabase, type SharedDatabase } from '../support/app-on-database.js';
import { startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { readRealData, realDataFiles, realDataPath } from '../support/real-data-path.js';
import type { PipelineFreshness } from '../../server/pipelines/pipeline-freshness.js';
import { authorized } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MAP_KEY = 'fedcba9876543210fedcba9876543210';
const BBOX = 'world';
const FILES = realDataFiles('fires');
/** A user's spreadsheet re-save, not FIRMS output (SOURCES.md): every row must be refused. */
const RESAVED = 'excel_resaved_MODIS_C6_1_Global_24h_zixunn.csv';

/** The FIRMS source a file is the answer of (its name says; the text files of MODIS are MODIS_NRT). */
function datasetOf(name: string): string {
  if (name.includes('VIIRS_SNPP')) return 'VIIRS_SNPP_NRT';
  if (name.includes('VIIRS_NOAA20')) return 'VIIRS_NOAA20_NRT';
  if (name.includes('VIIRS_NOAA21')) return 'VIIRS_NOAA21_NRT';
  if (name.includes('MODIS_SP')) return 'MODIS_SP';
  return 'MODIS_NRT';
}

/** FIRMS satellite codes → the name Vantage keeps (its README: `1`/`N20` = NOAA-20; MODIS by platform name). */
const SATELLITES: Record<string, string> = { T: 'Terra', Terra: 'Terra', A: 'Aqua', Aqua: 'Aqua', N: 'N', N20: 'N20', '1': 'N20', N21: 'N21' };

interface StoredFire {
  latitude: number;
  longitude: number;
  acq_time: string;
  satellite: string;
  instrument: string | null;
  confidence: string | null;
  frp: number | null;
  brightness: number | null;
  brightness_t31: number | null;
  scan: number | null;
  track: number | null;
  version: string | null;
  daynight: string | null;
}

interface CsvFile {
  header: string[];
  rows: Record<string, string>[];
  crlf: boolean;
}

/** FIRMS CSVs are plain: no quoting, comma-separated, one header line. */
function readCsv(text: string): CsvFile {
  expect(text).not.toContain('"');
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  const header = (lines[0] as string).split(',');
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(',');
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, index) => [name, cells[index] as string]));
  });
  return { header, rows, crlf: text.includes('\r\n') };
}

const real = (value: string | undefined) => (value === undefined || value === '' ? null : Math.fround(Number(value)));

/** The detection a documented FIRMS row describes, as the fires table keeps it. */
function expectedFire(row: Record<string, string>): StoredFire {
  expect(row.acq_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(row.acq_time).toMatch(/^\d{1,4}$/);
  const hhmm = (row.acq_time as string).padStart(4, '0');
  const satellite = SATELLITES[row.satellite as string];
  expect(satellite, `satellite ${row.satellite}`).toBeDefined();
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    acq_time: `${row.acq_date}T${hhmm.slice(0, 2)}:${hhmm.slice(2)}:00.000Z`,
    satellite: satellite as string,
    instrument: row.instrument ?? null,
    confidence: row.confidence === '' || row.confidence === undefined ? null : row.confidence,
    frp: real(row.frp),
    brightness: real(row.bright_ti4 ?? row.brightness),
    brightness_t31: real(row.bright_ti5 ?? row.bright_t31),
    scan: real(row.scan),
    track: real(row.track),
    version: row.version || null,
    daynight: row.daynight || null,
  };
}

const keyOf = (fire: Pick<StoredFire, 'latitude' | 'longitude' | 'acq_time' | 'satellite'>) =>
  `${fire.latitude}|${fire.longitude}|${fire.acq_time}|${fire.satellite}`;

/** FIRMS `type` 1–3: a hot spot that is not a vegetation fire. */
const notVegetationFire = (row: Record<string, string>) => row.type !== undefined && row.type !== '' && row.type !== '0';

/** The rows of a file as stored: the first of repeated detections wins; in key order. */
function expectedStore(file: CsvFile): StoredFire[] {
  const byKey = new Map<string, StoredFire>();
  for (const row of file.rows.filter((candidate) => !notVegetationFire(candidate))) {
    const fire = expectedFire(row);
    if (!byKey.has(keyOf(fire))) byKey.set(keyOf(fire), fire);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, fire]) => fire);
}

describe('real FIRMS files through the poller and POST /api/ingest/fires', () => {
  let nats: OwnNats;
  let firms: FakeFirms;
  let shared: SharedDatabase;
  const apps = new Map<string, FastifyInstance>();

  /**
   * One API process per FIRMS source, as a user sets FIRE_DATASET, all on one database (as processes of a team
   * share one); they share the fake FIRMS and a bus of this file's own. The tests run one after another.
   */
  async function appFor(dataset: string): Promise<{ app: FastifyInstance; database: { url: string } }> {
    let app = apps.get(dataset);
    if (!app) {
      app = await shared.app({
        natsUrl: nats.url,
        natsToken: nats.token,
        ingesterEnabled: false,
        settings: { FIRE_API_URL: firms.url, FIRE_MAP_KEY: MAP_KEY, FIRE_DATASET: dataset, FIRE_BBOX: BBOX },
      });
      apps.set(dataset, app);
    }
    return { app, database: shared.database };
  }
  type TestApp = Awaited<ReturnType<typeof appFor>>;
  const storedFires = async (subject: TestApp) =>
    (
      await queryOnce<StoredFire>(
        subject.database.url,
        `SELECT latitude, longitude, to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS acq_time, satellite,
                instrument, confidence, frp, brightness, brightness_t31, scan, track, version, daynight
         FROM fires`,
      )
    )
      .map((fire) => ({
        ...fire,
        frp: fire.frp === null ? null : Math.fround(fire.frp),
        brightness: fire.brightness === null ? null : Math.fround(fire.brightness),
        brightness_t31: fire.brightness_t31 === null ? null : Math.fround(fire.brightness_t31),
        scan: fire.scan === null ? null : Math.fround(fire.scan),
        track: fire.track === null ? null : Math.fround(fire.track),
      }))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  const count = async (subject: TestApp, sql: string) => Number((await queryOnce<{ n: string }>(subject.database.url, sql))[0]?.n);
  const runJob = (subject: TestApp) => subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });
  const health = async (subject: TestApp) => (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
  const postCsv = (subject: TestApp, body: string) =>
    subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: { ...authorized, 'content-type': 'text/csv' }, payload: body });

  beforeAll(async () => {
    nats = await startOwnNats();
    firms = await startFakeFirms();
    shared = await createSharedDatabase();
  });
  afterAll(async () => {
    await shared?.close();
    await firms?.close();
    await nats?.stop();
  });

  it('the folder holds the files SOURCES.md lists, the spreadsheet re-save among them', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(11);
    expect(FILES).toContain(RESAVED);
  });

  it(`${RESAVED}: the poller fails the run (not a silent success), counts each row with its reason; ingest refuses it`, async () => {
    const text = readRealData('fires', RESAVED);
    const file = readCsv(text);
    // By the FIRMS format: acq_date is YYYY-MM-DD; this file has US-style dates in every row (and CRLF lines).
    expect(file.crlf).toBe(true);
    expect(file.rows.every((row) => /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(row.acq_date as string))).toBe(true);
    const subject = await appFor(datasetOf(RESAVED));
    firms.answer = { file: realDataPath('fires', RESAVED) };
    const response = await runJob(subject);
    expect(response.statusCode).toBe(502);
    const message = response.json().error.message as string;
    expect(message).toMatch(new RegExp(`FIRMS answer has ${file.rows.length} rows and none is usable`));
    expect(message).toMatch(/acq_date\/acq_time … is not a date and HHMM time/);
    expect(message).toContain('row 1 "6/3/2022 18"');
    expect(await count(subject, 'SELECT count(*) AS n FROM fires')).toBe(0);
    const report = await health(subject);
    expect(report.pipelines.fires).toMatchObject({ stale: true, rejected: file.rows.length });
    expect(message).toMatch(/^job "fires" failed: /);
    expect(report.pipelines.fires.lastError).toBe(message.replace(/^job "fires" failed: /, ''));
    expect(report.pipelines.fires.reason).toBe(`last run failed: ${report.pipelines.fires.lastError}`);
    // The reasons of the latest skips, with counts and examples (in the report health answers from).
    const full = (await subject.app.health.report()).pipelines.fires as PipelineFreshness;
    expect(full).toMatchObject({ lastRejected: { count: file.rows.length, reason: expect.stringMatching(/^200 skipped: acq_date\/acq_time … is not a date and HHMM time \(200, e\.g\. row 1 "6\/3\/2022 18", row 2/) } });

    const ingest = await postCsv(subject, text);
    expect(ingest.statusCode).toBe(400);
    expect(ingest.json().error.details.invalidRows).toBe(file.rows.length);
    expect(ingest.json().error.details.rows[0]).toEqual({ row: 1, errors: ['acq_date/acq_time "6/3/2022 18" is not a date and HHMM time'] });
    expect(await count(subject, 'SELECT count(*) AS n FROM fires')).toBe(0);
  });

  for (const name of FILES.filter((file) => file !== RESAVED)) {
    it(`${name}: stored as FIRMS documents it, by the poller and by the ingest API alike`, async () => {
      const text = readRealData('fires', name);
      const file = readCsv(text);
      const expected = expectedStore(file);
      const leftOut = file.rows.filter(notVegetationFire).length;
      // The MODIS_SP archive's 10 rows of type 2 (static land sources: Jharkhand's coal and steel towns) among them.
      if (name.startsWith('archive_MODIS_SP')) expect(leftOut).toBe(10);
      const fires = file.rows.length - leftOut;
      const dataset = datasetOf(name);
      const subject = await appFor(dataset);
      await queryOnce(subject.database.url, 'DELETE FROM fires');

      firms.answer = { file: realDataPath('fires', name) };
      const polled = await runJob(subject);
      expect(polled.statusCode, polled.body).toBe(200);
      expect(firms.requests.at(-1)).toBe(`/api/area/csv/${MAP_KEY}/${dataset}/${BBOX}/1`);
      expect(polled.json().result).toMatchObject({
        received: fires,
        stored: expected.length,
        duplicate: fires - expected.length,
        notVegetationFires: leftOut,
        invalidRows: 0,
        rejected: { count: 0, reasons: [] },
      });
      const stored = await storedFires(subject);
      expect(stored).toEqual(expected);
      expect(await count(subject, 'SELECT count(*) AS n FROM fires WHERE ST_X(geom) <> longitude OR ST_Y(geom) <> latitude')).toBe(0);
      expect((await health(subject)).pipelines.fires).toMatchObject({ stale: false, lastError: null });

      await queryOnce(subject.database.url, 'DELETE FROM fires');
      const ingested = await postCsv(subject, text);
      expect(ingested.statusCode, ingested.body).toBe(200);
      expect(ingested.json()).toEqual({ received: fires, stored: expected.length, duplicate: fires - expected.length, notVegetationFires: leftOut });
      expect(await storedFires(subject)).toEqual(expected);
    });
  }

  it('old archive files are real past detections: 2020 rows are stored, in UTC, by both paths', async () => {
    const name = 'global24h_MODIS_C6_2020-09-30_ryankeys.csv';
    const subject = await appFor(datasetOf(name));
    await queryOnce(subject.database.url, 'DELETE FROM fires');
    firms.answer = { file: realDataPath('fires', name) };
    expect((await runJob(subject)).statusCode).toBe(200);
    const [range] = await queryOnce<{ first: string; last: string }>(
      subject.database.url,
      `SELECT to_char(min(acq_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS first,
              to_char(max(acq_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS last FROM fires`,
    );
    const times = readCsv(readRealData('fires', name)).rows.map((row) => `${row.acq_date}T${row.acq_time!.slice(0, 2)}:${row.acq_time!.slice(2)}Z`).sort();
    expect(range).toEqual({ first: times[0], last: times.at(-1) });
    expect(range?.first.startsWith('2020-09-30T')).toBe(true);
  });

  it('the 2020-09-30 USA file repeats rows of the global file of that day: the poller stores each detection once', async () => {
    const global = readCsv(readRealData('fires', 'global24h_MODIS_C6_2020-09-30_ryankeys.csv'));
    const usa = readCsv(readRealData('fires', 'usa24h_MODIS_C6_2020-09-30_ryankeys.csv'));
    const globalKeys = new Set(expectedStore(global).map(keyOf));
    const usaExpected = expectedStore(usa);
    const overlap = usaExpected.filter((fire) => globalKeys.has(keyOf(fire))).length;
    expect(overlap).toBe(45);
    const subject = await appFor('MODIS_NRT');
    await queryOnce(subject.database.url, 'DELETE FROM fires');
    firms.answer = { file: realDataPath('fires', 'global24h_MODIS_C6_2020-09-30_ryankeys.csv') };
    expect((await runJob(subject)).json().result).toMatchObject({ stored: globalKeys.size });
    firms.answer = { file: realDataPath('fires', 'usa24h_MODIS_C6_2020-09-30_ryankeys.csv') };
    expect((await runJob(subject)).json().result).toMatchObject({ received: usa.rows.length, stored: usaExpected.length - overlap, duplicate: usa.rows.length - usaExpected.length + overlap });
    expect(await count(subject, 'SELECT count(*) AS n FROM fires')).toBe(globalKeys.size + usaExpected.length - overlap);
  });
});
