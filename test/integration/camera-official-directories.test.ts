// The built-in official camera directories against a Caltrans CWWP2 on 127.0.0.1 serving a District 3
// CCTV file in its real format: off by default and never fetched while off, crawled as soon as one is
// switched on, cameras placed by their own coordinates with the geocoder unreachable, out-of-service and
// unplaceable records skipped with their reasons, snapshots through the guarded path, cameras linked to a
// fire within 20 miles and not to one 25 miles away, and every bad request refused with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCaltrans, startFakeCaltrans } from '../support/fake-caltrans.js';
import { closedPort } from '../support/fake-llm.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { runJobWhenFree } from '../support/run-job.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

interface Directory {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  crawling: boolean;
  camerasOnMap: number;
  lastCrawl: { at: string; cameras: number; error: string | null } | null;
}

// The fixture's "Hwy 50 at Watt Ave" camera, and fires due south of it.
const WATT = { latitude: 38.554531, longitude: -121.384592 };
const METRES_PER_DEGREE_LATITUDE = 110_996; // at 38.5° N
const MILE_M = 1609.344;
const southOfWatt = (miles: number) => ({ latitude: WATT.latitude - (miles * MILE_M) / METRES_PER_DEGREE_LATITUDE, longitude: WATT.longitude });

describe('official camera directories (Caltrans CWWP2 on loopback)', () => {
  let nats: OwnNats;
  let caltrans: FakeCaltrans;
  let subject: TestApp;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload === undefined ? {} : { payload: payload as object }) });
  const directories = async () => ((await call('GET', '/api/cameras/directories')).json() as { directories: Directory[] }).directories;
  const directory = async (id: string) => (await directories()).find((entry) => entry.id === id)!;
  const districtFiles = () => caltrans.requests.filter((path) => path.endsWith('.json'));
  const tableCounts = async () =>
    (
      await subject.app.db.query<{ directories: number; cameras: number }>(
        'SELECT (SELECT count(*)::int FROM camera_directories) AS directories, (SELECT count(*)::int FROM cameras) AS cameras',
      )
    ).rows[0]!;

  beforeAll(async () => {
    nats = await startOwnNats();
    caltrans = await startFakeCaltrans();
    subject = await createTestApp({
      natsUrl: nats.url,
      natsToken: nats.token,
      ingesterEnabled: false,
      // The fake's host serves the list and the images from loopback: let through by the test-only allowance.
      cameraTestAllowedHosts: [caltrans.hostPort],
      // Nothing listens on the geocoder's port: a camera that needed it would stay pending.
      settings: { CALTRANS_CCTV_URL: caltrans.baseUrl, GEOCODER_URL: `http://127.0.0.1:${await closedPort()}`, CAMERA_HOST_RATE: '50' },
    });
  });
  afterAll(async () => {
    await subject?.close();
    await caltrans?.close();
    await nats?.stop();
  });

  it('lists the twelve Caltrans districts, each off, at its CWWP2 address', async () => {
    const list = await directories();
    expect(list.map((entry) => entry.id)).toEqual(Array.from({ length: 12 }, (_, index) => `caltrans-d${index + 1}`));
    expect(list.every((entry) => !entry.enabled && entry.lastCrawl === null && entry.camerasOnMap === 0)).toBe(true);
    const d3 = list[2]!;
    expect(d3.name).toBe('Caltrans District 3 (Sacramento area)');
    expect(d3.url).toBe(`${caltrans.baseUrl}/d3/cctv/cctvStatusD03.json`);
    expect(list[11]!.url).toBe(`${caltrans.baseUrl}/d12/cctv/cctvStatusD12.json`);
  });

  it('does not fetch a directory that is switched off: the cameras job is idle', async () => {
    const run = await call('POST', '/api/jobs/cameras');
    expect(run.statusCode).toBe(200);
    expect(run.json().result.idle).toMatch(/no camera directory yet/);
    expect(caltrans.requests).toEqual([]);
    // No camera anywhere: a fire's popup learns that the directories are not set up, not only that none is near.
    expect((await call('GET', '/api/cameras/near?lat=38.58&lon=-121.45')).json()).toEqual({ radiusM: 32_186.9, total: 0, cameras: [], anyPlaced: false });
  });

  it('refuses bad switches with the error shape and stores nothing', async () => {
    const before = await tableCounts();
    const unknown = await call('PUT', '/api/cameras/directories/caltrans-d13', { enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'not_found' });
    for (const [url, body] of [
      ['/api/cameras/directories/caltrans-d3', { enabled: 'yes' }],
      ['/api/cameras/directories/caltrans-d3', { enabled: 1 }],
      ['/api/cameras/directories/caltrans-d3', {}],
      ['/api/cameras/directories/caltrans-d3', { enabled: true, url: 'http://127.0.0.1/x.json' }],
      ['/api/cameras/directories/Caltrans%20D3', { enabled: true }],
      ['/api/cameras/directories/caltrans-d3%00', { enabled: true }],
    ] as const) {
      const answer = await call('PUT', url, body);
      expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json().error.code).toBeTypeOf('string');
    }
    expect(await tableCounts()).toEqual(before);
    expect(caltrans.requests).toEqual([]);
  });

  it('crawls a directory as soon as it is switched on, placing cameras by their own coordinates', async () => {
    const switched = await call('PUT', '/api/cameras/directories/caltrans-d3', { enabled: true });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: 'caltrans-d3', enabled: true });
    const d3 = await waitFor(async () => {
      const entry = await directory('caltrans-d3');
      return entry.lastCrawl && !entry.crawling ? entry : undefined;
    }, 20_000, 'the first crawl of District 3');
    expect(d3.lastCrawl).toMatchObject({ cameras: 3, error: null });
    expect(d3.camerasOnMap).toBe(3);
    // Only the district switched on was asked for.
    expect(districtFiles()).toEqual(['/data/d3/cctv/cctvStatusD03.json']);

    const { rows } = await subject.app.db.query<{ title: string; city: string; url: string; place_status: string; latitude: number; longitude: number; source: string }>(
      'SELECT title, city, url, place_status, ST_Y(geom) AS latitude, ST_X(geom) AS longitude, source FROM cameras ORDER BY title',
    );
    expect(rows.map((row) => [row.title, row.city, row.place_status, row.latitude, row.longitude])).toEqual([
      ['I-80 at Donner Lake', 'Truckee', 'placed', 39.325912, -120.26135],
      ['I-80 at Northgate Blvd', 'Sacramento', 'placed', 38.63721, -121.487125],
      ['US-50: Hwy 50 at Watt Ave', 'Sacramento', 'placed', 38.554531, -121.384592],
    ]);
    expect(rows.every((row) => row.source === d3.url)).toBe(true);
    // The camera's address is its still image.
    expect(rows.find((row) => row.title.includes('Watt'))!.url).toBe(`${caltrans.baseUrl}/d3/cctv/image/hwy50atwattave/hwy50atwattave.jpg`);
    const health = (await call('GET', '/api/health')).json();
    expect(health.sources.cameras).toEqual({ total: 3, onMap: 3, unplaced: 0, awaitingGeocoder: 0, placedByGazetteer: 0, placedByGeocoder: 0 });
    // The crawl was a run of the cameras job: health (and the Sources tab's cameras row) says it succeeded, where it
    // said the job was idle ("no camera directory yet") until the next daily run.
    expect(health.pipelines.cameras).toMatchObject({ stale: false, failing: false, lastError: null, lastSuccessAt: expect.any(String) });
  });

  it('the cameras job reads the switched-on directory, counting each skipped record with its reason', async () => {
    const run = await call('POST', '/api/jobs/cameras');
    expect(run.statusCode).toBe(200);
    const result = run.json().result;
    expect(result).toMatchObject({ sources: 1, listed: 3, skipped: 3, inserted: 0, seenAgain: 3, placed: 0, unplaceable: 0, failedSources: [] });
    expect(result.skippedReasons).toEqual({
      'camera out of service (inService false)': 1,
      'no usable position (latitude/longitude missing, 0 or out of range)': 1,
      'no still image URL (imageData.static.currentImageURL)': 1,
    });
    expect(result.rejected.count).toBe(3);
    expect(result.rejected.reasons.map((entry: { examples: string[] }) => entry.examples).flat().sort()).toEqual([
      'cctvStatusD03.json cctv 4',
      'cctvStatusD03.json cctv 5',
      'cctvStatusD03.json cctv 6',
    ]);
    expect(districtFiles()).toEqual(['/data/d3/cctv/cctvStatusD03.json', '/data/d3/cctv/cctvStatusD03.json']);
    const health = (await call('GET', '/api/health')).json();
    expect(health.pipelines.cameras.lastRejected).toMatchObject({ count: 3 });
    expect(health.pipelines.cameras.lastRejected.reason).toMatch(/out of service/);
  });

  it('serves a Caltrans camera snapshot through the guarded snapshot path', async () => {
    const { rows } = await subject.app.db.query<{ id: string }>(`SELECT id FROM cameras WHERE title LIKE '%Watt%'`);
    const snapshot = await call('GET', `/api/cameras/${rows[0]!.id}/snapshot`);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/jpeg');
    expect(caltrans.requests).toContain('/data/d3/cctv/image/hwy50atwattave/hwy50atwattave.jpg');
  });

  it('links cameras to a fire within 20 miles and not to one 25 miles away', async () => {
    const near = southOfWatt(19);
    const far = southOfWatt(25);
    const acq = new Date(Date.now() - 30 * 60_000).toISOString();
    const ingest = await call('POST', '/api/ingest/fires', [
      { ...near, acq_time: acq, satellite: 'N20', confidence: 'h', frp: 40 },
      { ...far, acq_time: acq, satellite: 'N20', confidence: 'h', frp: 40 },
    ]);
    expect(ingest.statusCode).toBe(200);
    const fires = (await call('GET', '/api/fires?bbox=-122,38,-121,39&since=2h')).json() as Array<{ latitude: number; longitude: number }>;
    expect(fires).toHaveLength(2);
    const [nearFire, farFire] = [...fires].sort((a, b) => b.latitude - a.latitude);

    const linked = await call('GET', `/api/cameras/near?lat=${nearFire!.latitude}&lon=${nearFire!.longitude}`);
    expect(linked.statusCode).toBe(200);
    const body = linked.json();
    expect(body).toMatchObject({ radiusM: 32_186.9, total: 1 });
    expect(body.cameras).toHaveLength(1);
    expect(body.cameras[0]).toMatchObject({ title: 'US-50: Hwy 50 at Watt Ave', city: 'Sacramento', latitude: WATT.latitude, longitude: WATT.longitude });
    expect(body.cameras[0].distanceMiles).toBeGreaterThan(18.9);
    expect(body.cameras[0].distanceMiles).toBeLessThan(19.1);
    expect(body.cameras[0].snapshotPath).toBe(`/api/cameras/${body.cameras[0].id}/snapshot`);

    const unlinked = (await call('GET', `/api/cameras/near?lat=${farFire!.latitude}&lon=${farFire!.longitude}`)).json();
    expect(unlinked).toMatchObject({ total: 0, cameras: [], anyPlaced: true });

    // In Sacramento all three within 20 miles of the city are listed, nearest first; the limit keeps the nearest.
    const city = (await call('GET', '/api/cameras/near?lat=38.58&lon=-121.45')).json();
    expect(city.total).toBe(2);
    expect(city.cameras.map((camera: { title: string }) => camera.title)).toEqual(['US-50: Hwy 50 at Watt Ave', 'I-80 at Northgate Blvd']);
    const nearest = (await call('GET', '/api/cameras/near?lat=38.58&lon=-121.45&limit=1')).json();
    expect(nearest).toMatchObject({ total: 2, cameras: [{ title: 'US-50: Hwy 50 at Watt Ave' }] });
  });

  it('uses the geography index for the 20-mile link', async () => {
    await subject.app.db.query('ANALYZE cameras');
    // Three cameras are a table the planner would rather scan: forbid that for this one statement.
    const results = (await subject.app.db.query(
      `SET enable_seqscan = off;
       EXPLAIN SELECT id FROM cameras c WHERE ST_DWithin(c.geom::geography, ST_SetSRID(ST_MakePoint(-121.4, 38.5), 4326)::geography, 32186.9);
       RESET enable_seqscan`,
    )) as unknown as Array<{ rows: Array<{ 'QUERY PLAN': string }> }>;
    expect(results[1]!.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/cameras_geog_idx/);
  });

  it('refuses bad positions for the link query', async () => {
    for (const query of ['', 'lat=38.5', 'lon=-121', 'lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=0', 'lat=0x10&lon=0', 'lat=Infinity&lon=0', 'lat=1&lon=1&limit=0', 'lat=1&lon=1&limit=201', 'lat=1&lon=1&radius=5']) {
      const answer = await call('GET', `/api/cameras/near?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code).toBeTypeOf('string');
    }
  });

  it('switched off, a directory is no longer fetched; its cameras stay where they are', async () => {
    const off = await call('PUT', '/api/cameras/directories/caltrans-d3', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, camerasOnMap: 3 });
    const requestsBefore = caltrans.requests.length;
    // The switch ran the job again already (idle too): this run waits for it.
    const run = await runJobWhenFree(subject.app, 'cameras');
    expect(run.json().result.idle).toMatch(/no camera directory yet/);
    expect(caltrans.requests).toHaveLength(requestsBefore);
  });

  it('a district that fails says why in its latest crawl; switched off, its failure no longer stands', async () => {
    await call('PUT', '/api/cameras/directories/caltrans-d7', { enabled: true });
    const d7 = await waitFor(async () => {
      const entry = await directory('caltrans-d7');
      return entry.lastCrawl && !entry.crawling ? entry : undefined;
    }, 20_000, 'the crawl of District 7');
    expect(d7.lastCrawl).toMatchObject({ cameras: 0 });
    expect(d7.lastCrawl!.error).toMatch(/HTTP 404/);
    // Its only directory failing, the job fails too, with the reason.
    const run = await call('POST', '/api/jobs/cameras');
    expect(run.statusCode).toBe(502);
    expect(run.json().error).toMatchObject({ code: 'job_failed' });
    expect(run.json().error.message).toMatch(/HTTP 404/);

    // Switched off, the failing district no longer stands as the cameras' state: the job runs again at once.
    expect((await call('GET', '/api/health')).json().pipelines.cameras).toMatchObject({ failing: true });
    expect((await call('PUT', '/api/cameras/directories/caltrans-d7', { enabled: false })).statusCode).toBe(200);
    const cameras = await waitFor(async () => {
      const pipeline = (await call('GET', '/api/health')).json().pipelines.cameras;
      return pipeline.failing ? undefined : pipeline;
    }, 20_000, 'the cameras job run again after the switch');
    expect(cameras.lastError).toMatch(/^idle: /);
  });
});
