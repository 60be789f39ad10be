// GAZETTEER_LOAD=off: nothing is loaded; health, search and the place tiles say so, objects and coordinates are still
// found. A value other than on/off stops the start with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../server/workers.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

describe('the gazetteer switched off', () => {
  let subject: TestApp;
  let workers: Workers;

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false, settings: { GAZETTEER_LOAD: 'off' } });
    workers = startWorkers(subject.app);
  });
  afterAll(async () => {
    await workers?.stop();
    await subject?.close();
  });

  it('loads nothing, and health, search and tiles say so', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [row] = await queryOnce<{ n: number }>(subject.database.url, 'SELECT count(*)::int AS n FROM places');
    expect(row?.n).toBe(0);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.places).toMatchObject({ state: 'off' });
    const search = (await subject.app.inject({ method: 'GET', url: '/api/search?q=38.58,%20-121.49', headers: authorized })).json();
    expect(search.gazetteer).toBe('off');
    expect(search.results[0]).toMatchObject({ kind: 'coordinates' });
    const tile = await subject.app.inject({ method: 'GET', url: '/api/tiles/places/4/8/5.mvt', headers: authorized });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['cache-control']).toBe('no-store');
  });

  it('a value other than on or off stops the start with the reason', async () => {
    await expect(createTestApp({ ingesterEnabled: false, settings: { GAZETTEER_LOAD: 'maybe' } })).rejects.toThrow(/GAZETTEER_LOAD must be on or off/);
  });
});
