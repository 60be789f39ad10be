import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWfigs, type FakeWfigs } from '../support/fake-wfigs.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

describe('wildfire incidents (fake WFIGS feature service on loopback)', () => {
  let wfigs: FakeWfigs;
  let subject: TestApp;
  const runJob = () => subject.app.inject({ method: 'POST', url: '/api/jobs/incidents', headers: authorized });

  beforeAll(async () => {
    wfigs = await startFakeWfigs();
    subject = await createTestApp({ ingesterEnabled: false, settings: { WILDFIRE_INCIDENTS_URL: wfigs.url } });
  });
  afterAll(async () => {
    await subject?.close();
    await wfigs?.close();
  });

  it('pages through the service as GeoJSON in WGS 84 and upserts by IrwinID', async () => {
    const first = await runJob();
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ received: 3, skipped: 1, inserted: 3, updated: 0, correlations: { pairs: 0 } });
    // The second page starts after the first page's three features.
    expect(wfigs.queries.map((query) => query.get('resultOffset'))).toEqual(['0', '3']);
    expect(wfigs.queries[0]?.get('f')).toBe('geojson');
    expect(wfigs.queries[0]?.get('outSR')).toBe('4326');
    const again = await runJob();
    expect(again.json().result).toMatchObject({ received: 3, skipped: 1, inserted: 0, updated: 0 });
  });

  it('a changed incident is updated, not duplicated', async () => {
    wfigs.pages[1] = (wfigs.pages[1] as string).replace('"PercentContained":100', '"PercentContained":100').replace('"IncidentSize":5.2', '"IncidentSize":6.8');
    const response = await runJob();
    expect(response.json().result).toMatchObject({ inserted: 0, updated: 1 });
    const list = await subject.app.inject({ method: 'GET', url: '/api/incidents', headers: authorized });
    expect(list.json()).toHaveLength(3);
  });

  it('GET /api/incidents filters by bbox and answers the analyst fields', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/incidents?bbox=-125,32,-114,42', headers: authorized });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        irwinId: '8b2d6c39-3a0c-4b7e-9c1a-0d9e2f4a1b11',
        kind: 'wildfire',
        name: 'Glass',
        sizeAcres: 11050.5,
        percentContained: 35,
        discoveredAt: '2025-11-20T07:00:00.000Z',
        state: 'CA',
        longitude: -122.7104,
        latitude: 38.4123,
      },
    ]);
    const bad = await subject.app.inject({ method: 'GET', url: '/api/incidents?bbox=nope', headers: authorized });
    expect(bad.statusCode).toBe(400);
  });

  it('an incident is gone from the feed after two whole answers in a row without it; an answer not whole, empty or with a feature naming no incident hides none', async () => {
    const saved = [...wfigs.pages];
    const listed = async () => ((await subject.app.inject({ method: 'GET', url: '/api/incidents', headers: authorized })).json() as unknown[]).length;
    expect(await listed()).toBe(3);
    const page = (features: unknown[], more: boolean) => JSON.stringify({ type: 'FeatureCollection', features, ...(more ? { properties: { exceededTransferLimit: true } } : {}) });
    const glass = (JSON.parse(saved[0] as string) as { features: unknown[] }).features[0];
    const unnamed = (irwinId?: string) => ({ type: 'Feature', geometry: null, properties: { IncidentName: 'No id', ...(irwinId === undefined ? {} : { IrwinID: irwinId }) } });
    try {
      // Fifty pages, each saying more remain: the poller stops at its page limit, so the answer is not whole.
      wfigs.pages = Array.from({ length: 50 }, () => page([glass], true));
      expect((await runJob()).json().result).toMatchObject({ received: 50, leftFeed: null });
      // A page of none that says more remain.
      wfigs.pages = [page([glass], true), page([], true)];
      expect((await runJob()).json().result).toMatchObject({ received: 1, leftFeed: null });
      // An answer of no incident at all (a service's bad moment): every incident would go.
      wfigs.pages = [page([], false)];
      expect((await runJob()).json().result).toMatchObject({ received: 0, leftFeed: null });
      // A whole answer, one of whose features names no incident (none, or one that cannot be stored): that one might
      // be any of those left out.
      for (const feature of [unnamed(), unnamed('{ABC\u0000}')]) {
        wfigs.pages = [page([glass, feature], false)];
        expect((await runJob()).json().result).toMatchObject({ received: 1, skipped: 1, leftFeed: null });
      }
      expect(await listed()).toBe(3);
      // Whole answers without two of them: missed once, still shown (one answer may miss what the feed holds)…
      wfigs.pages = [page([glass], false)];
      expect((await runJob()).json().result).toMatchObject({ received: 1, leftFeed: 0 });
      expect(await listed()).toBe(3);
      // …back in the next, so missed no more…
      wfigs.pages = saved;
      expect((await runJob()).json().result).toMatchObject({ leftFeed: 0 });
      // …as when an answer holds them but they cannot be read (no position): missed once, held, missed once.
      const others = ['{1F0A9E21-5B3C-4D2E-8F7A-6C5B4A3D2E22}', '{C3D4E5F6-0718-4293-A4B5-C6D7E8F90A33}'].map((irwinId) => ({ type: 'Feature', geometry: null, properties: { IrwinID: irwinId } }));
      for (const [features, gone] of [[[glass], 0], [[glass, ...others], 0], [[glass], 0]] as const) {
        wfigs.pages = [page([...features], false)];
        expect((await runJob()).json().result).toMatchObject({ leftFeed: gone });
      }
      expect(await listed()).toBe(3);
      wfigs.pages = saved;
      expect((await runJob()).json().result).toMatchObject({ leftFeed: 0 });
      // …then missed by two in a row: gone.
      wfigs.pages = [page([glass], false)];
      expect((await runJob()).json().result).toMatchObject({ leftFeed: 0 });
      expect((await runJob()).json().result).toMatchObject({ leftFeed: 2 });
      expect(await listed()).toBe(1);
    } finally {
      wfigs.pages = saved;
    }
    expect((await runJob()).json().result).toMatchObject({ leftFeed: 0, updated: 2 });
    expect(await listed()).toBe(3);
  });

  it('an ArcGIS error body fails the run and shows in health', async () => {
    const saved = wfigs.pages[0] as string;
    wfigs.pages[0] = '{"error":{"code":400,"message":"Invalid query parameters.","details":[]}}';
    try {
      const response = await runJob();
      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toMatch(/WFIGS error: Invalid query parameters/);
      const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
      expect(health.pipelines.incidents.lastError).toMatch(/Invalid query parameters/);
    } finally {
      wfigs.pages[0] = saved;
    }
  });

  it('an error whose words hold a NUL still shows in health, the NUL made printable', async () => {
    const saved = wfigs.pages[0] as string;
    // The stored reason quotes the service: a NUL made its write fail, and health kept the run before as the last.
    wfigs.pages[0] = JSON.stringify({ error: { code: 400, message: 'Invalid\u0000 query\u0007.', details: [] } });
    try {
      expect((await runJob()).statusCode).toBe(502);
      const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
      expect(health.pipelines.incidents.lastError).toBe('WFIGS error: Invalid\uFFFD query\uFFFD.');
    } finally {
      wfigs.pages[0] = saved;
    }
  });
});
