// The built renderer's hashed files are kept by the browser without asking again; the page is asked for each time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/test-app.js';

describe('cache headers of the built renderer', () => {
  let dir: string;
  let subject: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vantage-renderer-'));
    mkdirSync(path.join(dir, 'assets', 'basemap-0a1b2c3d', '0', '0'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vantage</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
    writeFileSync(path.join(dir, 'assets', 'basemap-0a1b2c3d', '0', '0', '0.pbf'), Buffer.from([0x1a, 0x00]));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    subject = await createTestApp({ ingesterEnabled: false, rendererDir: dir });
  });

  afterAll(async () => {
    await subject?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => subject.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...headers } });

  it('keeps the hashed bundles and basemap tiles for a year, immutable', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/basemap-0a1b2c3d/0/0/0.pbf']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the page and files outside assets/ revalidated, and still answers 304 for them', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('public, max-age=0');
      const again = await get(url, { 'if-none-match': String(answer.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('answers 404 for a hashed name that is not there, without the year-long header', async () => {
    const answer = await get('/assets/index-Zz99Yy88.js');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['cache-control']).toBeUndefined();
  });
});
