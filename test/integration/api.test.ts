import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, TEST_HOST, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';
import { SCHEMA_HEADS } from '../support/schema-heads.js';

describe('API skeleton', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ bodyLimitBytes: 1024 });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('GET /api/health answers 200 with the token: PostGIS, schema heads, bus and every pipeline', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, schemaHeads: SCHEMA_HEADS });
    expect(body.database.postgis).toMatch(/^3\.\d+/);
    expect(body.bus).toEqual({ ok: true, jetstream: true });
    expect(Object.keys(body.pipelines).sort()).toEqual(['aircraft', 'cameras', 'fires', 'incidents', 'ingester', 'news', 'partitions', 'summaries']);
    // The data folder's disk, read by statfs: a test machine has more than the 1 GB below which it is called low.
    expect(body.disk).toMatchObject({ freeBytes: expect.any(Number), totalBytes: expect.any(Number), low: false, lowBelowBytes: 1024 ** 3 });
    expect(body.disk.freeBytes).toBeGreaterThan(0);
    expect(body.disk.totalBytes).toBeGreaterThanOrEqual(body.disk.freeBytes);
    for (const entry of Object.values(body.pipelines)) {
      expect(entry).toMatchObject({ expectedIntervalSeconds: expect.any(Number), stale: expect.any(Boolean) });
      expect(entry).toHaveProperty('lastSuccessAt');
      expect(entry).toHaveProperty('ageSeconds');
      expect(entry).toHaveProperty('lastError');
    }
  });

  it('refuses /api routes without a token, or with a wrong one, in the JSON error shape', async () => {
    const missing = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: { host: TEST_HOST } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: { code: 'unauthorized', message: 'missing bearer token' } });
    const wrong = await subject.app.inject({
      method: 'POST',
      url: '/api/jobs/partitions',
      headers: { host: TEST_HOST, authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('unauthorized');
    expect(wrong.body).not.toContain('test-token');
  });

  it('refuses a Host header that is not its own address (DNS rebinding)', async () => {
    for (const host of ['evil.example:4100', '127.0.0.1:9999', 'localhost']) {
      const response = await subject.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden_host');
    }
    const localhost = await subject.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:4100' } });
    expect(localhost.statusCode).toBe(200);
  });

  it('answers 404 in the JSON shape for unknown routes and unknown jobs', async () => {
    const route = await subject.app.inject({ method: 'GET', url: '/api/nothing-here', headers: authorized });
    expect(route.statusCode).toBe(404);
    expect(route.json().error.code).toBe('not_found');
    const job = await subject.app.inject({ method: 'POST', url: '/api/jobs/no-such-job', headers: authorized });
    expect(job.statusCode).toBe(404);
    expect(job.json().error.code).toBe('not_found');
    expect(job.json().error.details.jobs).toEqual(expect.arrayContaining(['partitions', 'fires', 'incidents', 'aircraft']));
  });

  it('answers 413 for a body over the limit, 400 for malformed JSON', async () => {
    const large = await subject.app.inject({
      method: 'POST',
      url: '/api/jobs/partitions',
      headers: { ...authorized, 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('payload_too_large');
    const malformed = await subject.app.inject({
      method: 'POST',
      url: '/api/jobs/partitions',
      headers: { ...authorized, 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');
  });

  it('POST /api/jobs/partitions runs the job and creates today and the days ahead', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ job: 'partitions', status: 'done', result: { daysAhead: 7, created: { events: 8 } } });
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const partitions = await queryOnce<{ name: string }>(
      subject.database.url,
      "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass",
    );
    const names = partitions.map((row) => row.name);
    expect(names).toContain(`events_p${today}`);
    expect(names).toContain('events_default');
    expect(names.filter((name) => name.startsWith('events_p'))).toHaveLength(8);
  });

  it('a job never runs twice at once, across processes too: a held lock answers 409', async () => {
    // Another process holding the job's lock, as a second API process running it would.
    const other = new pg.Client({ connectionString: subject.database.url });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock(hashtext('vantage-job'), hashtext('partitions'))");
      const busy = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.code).toBe('job_running');
    } finally {
      await other.end();
    }
    const free = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    expect(free.statusCode).toBe(200);
  });
});

describe('API with DB_NULL_POOL and a short job wait', () => {
  let subject: TestApp;
  let slowDirectory: http.Server;

  beforeAll(async () => {
    // A camera directory that takes its time: the crawl outlasts a job wait of 0 ms.
    slowDirectory = http.createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('# no cameras today\n'), 500);
    });
    await new Promise<void>((resolve) => slowDirectory.listen(0, '127.0.0.1', resolve));
    const port = (slowDirectory.address() as AddressInfo).port;
    subject = await createTestApp({ dbNullPool: true, jobWaitMs: 0, cameraTestAllowedHosts: [`127.0.0.1:${port}`], settings: { CAMERA_SOURCES: `http://127.0.0.1:${port}/list.txt` } });
  });
  afterAll(async () => {
    await subject?.close();
    await new Promise((resolve) => slowDirectory?.close(resolve));
  });

  it('answers health without a pool (a connection per unit of work)', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(response.json().database).toMatchObject({ ok: true, schemaHeads: SCHEMA_HEADS });
  });

  it('answers 202 for a job that outlasts the wait', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ job: 'cameras', status: 'running' });
  });
});
