import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMS_CHUNK_ROWS } from '../../server/fires/firms-csv.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { firmsFixture, startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { connectTestBus, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MAP_KEY = '0123456789abcdef0123456789abcdef';

describe('fires: ingest API, queries, tiles and the FIRMS poller (fake FIRMS on loopback)', () => {
  let nats: OwnNats;
  let firms: FakeFirms;
  let subject: TestApp;
  let workers: Workers;
  let bus: NatsConnection;
  const count = async (sql: string) => Number((await queryOnce<{ n: string }>(subject.database.url, sql))[0]?.n);
  const postCsv = (body: string) =>
    subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: { ...authorized, 'content-type': 'text/csv' }, payload: body });
  const runJob = () => subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });
  const health = async () => (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();

  beforeAll(async () => {
    nats = await startOwnNats();
    firms = await startFakeFirms();
    subject = await createTestApp({
      natsUrl: nats.url,
      natsToken: nats.token,
      settings: { FIRE_API_URL: firms.url, FIRE_MAP_KEY: MAP_KEY, FIRE_BBOX: '-130,20,-60,55' },
    });
    // The ingester turns the published fire messages into events; schedules stay off.
    workers = startWorkers(subject.app);
    bus = await connectTestBus(nats.url, nats.token);
  });
  afterAll(async () => {
    await bus?.close();
    await workers?.stop();
    await subject?.close();
    await firms?.close();
    await nats?.stop();
  });

  it('POST /api/ingest/fires (CSV) stores new detections, collapses duplicates in the batch, and publishes events', async () => {
    const first = await postCsv(firmsFixture('viirs-noaa20.csv'));
    expect(first.statusCode).toBe(200);
    // N20 and 1 are the same satellite: the second row repeats the first.
    expect(first.json()).toEqual({ received: 4, stored: 3, duplicate: 1, notVegetationFires: 0 });
    const again = await postCsv(firmsFixture('viirs-noaa20.csv'));
    expect(again.json()).toEqual({ received: 4, stored: 0, duplicate: 4, notVegetationFires: 0 });
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(3);
    await waitUntilDrained(bus);
    expect(await count("SELECT count(*) AS n FROM events WHERE source_type = 'fire'")).toBe(3);
  });

  it('POST /api/ingest/fires (JSON) takes an array of detections', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [
        { latitude: 44.1, longitude: -110.2, acq_time: '2026-11-20T21:14:00Z', satellite: 'N', confidence: 'h', frp: 11.2, daynight: 'D', instrument: 'VIIRS' },
        { latitude: 44.2, longitude: -110.3, acq_date: '2026-11-20', acq_hhmm: 914, satellite: 'Aqua', confidence: 55, instrument: 'MODIS' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 2, stored: 2, duplicate: 0, notVegetationFires: 0 });
    const [row] = await queryOnce<{ acq_time: Date; confidence: string }>(subject.database.url, "SELECT acq_time, confidence FROM fires WHERE satellite = 'Aqua'");
    expect(row?.acq_time.toISOString()).toBe('2026-11-20T09:14:00.000Z');
    expect(row?.confidence).toBe('55');
  });

  it('POST /api/ingest/fires (JSON) counts items of FIRMS type 1–3 (volcano, static land source, offshore) and does not store them', async () => {
    const item = (latitude: number, type: number | string | null) => ({ latitude, longitude: 86.1, acq_time: '2026-11-20T03:23:00Z', satellite: 'Terra', type });
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [item(23.61, 0), item(23.62, 2), item(23.63, '3'), item(23.64, 1), item(23.65, null)],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: 2, stored: 2, duplicate: 0, notVegetationFires: 3 });
    const stored = await queryOnce<{ latitude: number }>(subject.database.url, 'SELECT latitude FROM fires WHERE latitude BETWEEN 23.6 AND 23.7 ORDER BY latitude');
    expect(stored.map((row) => row.latitude)).toEqual([23.61, 23.65]);
    const refused = await subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: authorized, payload: [item(23.66, 4)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.rows[0].errors.join(' ')).toMatch(/^type: /);
  });

  it('refuses a batch with any invalid row, naming the rows, and stores nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM fires');
    const csv = await postCsv(firmsFixture('invalid-rows.csv'));
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.details.rows.map((problem: { row: number }) => problem.row)).toEqual([2, 3, 4]);
    const json = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [{ latitude: 1, longitude: 1, acq_time: '2026-11-20T00:00:00Z', satellite: 'N' }, { latitude: 'x' }],
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details.rows[0].row).toBe(2);
    // The last: a FIRMS header, then a row of three cells and an unclosed quote (csv-parse refuses it while reading).
    const broken = 'latitude,longitude,acq_date,acq_time,satellite\n38.1,-120.5,2026-11-20,0748,N\n38.2,-120.6,"2026-11-20';
    for (const body of ['Invalid MAP_KEY.', 'not,a,firms,file\n1,2,3,4', '', broken]) {
      const response = await postCsv(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
      if (body === broken) expect(response.json().error.message).toMatch(/^CSV could not be parsed: /);
    }
    const notArray = await subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: authorized, payload: { latitude: 1 } });
    expect(notArray.statusCode).toBe(400);
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before);
  });

  it('a body of many invalid rows is refused with their count and the first 100 listed, other requests answered meanwhile; over a million detections is refused outright', async () => {
    const before = await count('SELECT count(*) AS n FROM fires');
    const postJson = (payload: string) =>
      subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: { ...authorized, 'content-type': 'application/json' }, payload });
    const answered: string[] = [];
    // Enough that the sliced check outlasts the health read's database round trips on a loaded machine (with 20,000 the
    // health read lost that race once under the whole suite).
    const bad = 50_000;
    // Checked a slice at a time: a health read sent after it is answered before it (each row's problem was kept, and
    // the whole check ran in one go, when a 32 MB array of zeros took the API's heap).
    const refusing = postJson(`[${Array(bad).fill('0').join(',')}]`).then((response) => (answered.push('ingest'), response));
    const healthy = subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized }).then((response) => (answered.push('health'), response));
    const [refused, health] = await Promise.all([refusing, healthy]);
    expect(health.statusCode).toBe(200);
    expect(answered).toEqual(['health', 'ingest']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`${bad} of ${bad} rows are invalid; nothing was stored`);
    expect(refused.json().error.details.invalidRows).toBe(bad);
    expect(refused.json().error.details.rows.map((problem: { row: number }) => problem.row)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    // The same from a CSV: every row counted, the first 100 listed.
    const csv = await postCsv(`latitude,longitude,acq_date,acq_time,satellite\n${',,,,\n'.repeat(bad)}`);
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.details.invalidRows).toBe(bad);
    expect(csv.json().error.details.rows).toHaveLength(100);
    const tooMany = await postJson(`[${Array(1_000_001).fill('0').join(',')}]`);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/^at most 1,000,000 detections per request/) });
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before);
  });

  it('a CSV of several chunks keeps the first of repeats across chunks; an invalid row in its last chunk rolls every chunk back', async () => {
    const header = 'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';
    // More rows than one chunk (FIRMS_CHUNK_ROWS) holds, on a grid south of everything else in this file.
    const rows = Array.from({ length: FIRMS_CHUNK_ROWS + 2_500 }, (_, index) =>
      `${(-40 - (index % 100) * 0.01).toFixed(2)},${(100 + Math.floor(index / 100) * 0.01).toFixed(2)},330.5,0.41,0.37,2026-11-20,0748,N,VIIRS,n,2.0NRT,290.1,5.5,N`);
    // Row 12,401 repeats row 6 (same place, time and satellite) with another FRP: the first one stays.
    rows[12_400] = rows[5]!.replace(',5.5,N', ',99.9,N');
    const before = await count('SELECT count(*) AS n FROM fires');
    const stored = await postCsv([header, ...rows].join('\n'));
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ received: rows.length, stored: rows.length - 1, duplicate: 1, notVegetationFires: 0 });
    expect(await count('SELECT count(*) AS n FROM fires WHERE latitude <= -40 AND longitude >= 100')).toBe(rows.length - 1);
    expect(await count('SELECT count(*) AS n FROM fires WHERE latitude <= -40 AND longitude >= 100 AND frp > 99')).toBe(0);

    // The same grid moved, with one bad latitude near the end: the chunks stored before it are rolled back.
    const moved = rows.map((line) => line.replace(/^-4/, '-5'));
    moved[12_450] = moved[12_450]!.replace(/^[^,]+/, '-95');
    const refused = await postCsv([header, ...moved].join('\n'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.rows.map((problem: { row: number }) => problem.row)).toEqual([12_451]);
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before + rows.length - 1);
  });

  it('GET /api/fires answers detections in a bbox and time window, as JSON', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/fires?bbox=-3,4,1,7&since=2026-11-19T00:00:00Z',
      headers: authorized,
    });
    expect(response.statusCode).toBe(200);
    const fires = response.json();
    expect(fires).toHaveLength(2);
    expect(fires[0]).toEqual({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      acqTime: '2026-11-20T13:18:00.000Z',
      satellite: expect.stringMatching(/^N2[01]$/),
      confidence: expect.any(String),
      frp: expect.any(Number),
      dayNight: 'D',
      instrument: 'VIIRS',
    });
    for (const query of ['bbox=1,2,3', 'since=tomorrowish', 'bbox=0,0,1,1&since=2026-11-20T00:00:00Z&until=2026-11-19T00:00:00Z', 'limit=999999']) {
      const bad = await subject.app.inject({ method: 'GET', url: `/api/fires?${query}`, headers: authorized });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('serves fires as Mapbox vector tiles', async () => {
    // Zoom 3 tile holding Ghana (lon -1.2, lat 5.6): x = 3, y = 3.
    const tile = await subject.app.inject({ method: 'GET', url: '/api/tiles/fires/3/3/3.mvt?since=2026-11-19T00:00:00Z', headers: authorized });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(tile.rawPayload.length).toBeGreaterThan(20);
    expect(tile.rawPayload.includes(Buffer.from('fires'))).toBe(true);
    const empty = await subject.app.inject({ method: 'GET', url: '/api/tiles/fires/3/7/0.mvt?since=2026-11-19T00:00:00Z', headers: authorized });
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBe(0);
    const outside = await subject.app.inject({ method: 'GET', url: '/api/tiles/fires/3/8/0.mvt', headers: authorized });
    expect(outside.statusCode).toBe(400);
  });

  it('the poller fetches the FIRMS area CSV with the key, stores what is new, and stays idempotent across polls', async () => {
    firms.answer = { fixture: 'viirs-snpp.csv' };
    const before = await count('SELECT count(*) AS n FROM fires');
    const first = await runJob();
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ received: 5, stored: 5, duplicate: 0, invalidRows: 0 });
    expect(firms.requests.at(-1)).toBe(`/api/area/csv/${MAP_KEY}/VIIRS_SNPP_NRT/-130,20,-60,55/1`);
    const second = await runJob();
    expect(second.json().result).toMatchObject({ received: 5, stored: 0, duplicate: 5 });
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(before + 5);
    firms.answer = { fixture: 'viirs-empty.csv' };
    expect((await runJob()).json().result).toMatchObject({ received: 0, stored: 0 });
    const report = await health();
    expect(report.pipelines.fires).toMatchObject({ stale: false, lastError: null });
  });

  it('FIRMS error bodies (even with status 200) fail the run and show in health, without the key', async () => {
    for (const [answer, message] of [
      [{ error: 'key' as const }, /map key/],
      [{ error: 'area' as const, status: 400 }, /area/],
      [{ raw: '<html>502 Bad Gateway</html>', status: 502 }, /not an area CSV/],
    ] as const) {
      firms.answer = answer;
      const response = await runJob();
      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toMatch(message);
      const report = await health();
      expect(report.pipelines.fires.lastError).toMatch(message);
      expect(JSON.stringify(report)).not.toContain(MAP_KEY);
      expect(response.body).not.toContain(MAP_KEY);
    }
  });

  it('on the transaction limit it backs off: the next runs do not call FIRMS until the wait is over', async () => {
    firms.answer = { error: 'limit' };
    const limited = await runJob();
    expect(limited.statusCode).toBe(502);
    expect(limited.json().error.message).toMatch(/transaction limit exceeded; next try after/);
    const calls = firms.requests.length;
    firms.answer = { fixture: 'viirs-snpp.csv' };
    const waiting = await runJob();
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().result.idle).toMatch(/transaction limit/);
    expect(firms.requests.length).toBe(calls);
    expect((await health()).pipelines.fires.lastError).toMatch(/idle: FIRMS transaction limit/);
  });
});
