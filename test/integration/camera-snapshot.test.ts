// GET /api/cameras/:id/snapshot against a camera on 127.0.0.1 (let through only by the test-only
// allowance): cache hit, miss and expiry, 502 with the last image when the camera is away, content
// type, size and redirect checks, and loopback refused without the allowance.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { cameraUrlHash } from '../../server/cameras/camera-url.js';
import { type FakeCamera, startFakeCamera, TINY_JPEG } from '../support/fake-camera.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

const TTL_SECONDS = 1;

async function addCamera(subject: TestApp, url: string): Promise<number> {
  const cameras = new CameraRepository(subject.app.db);
  await cameras.upsert([{ urlHash: cameraUrlHash(url), url, title: 'Test camera', city: null, country: null, source: 'http://127.0.0.1/list.txt' }]);
  const { rows } = await subject.app.db.query<{ id: string }>('SELECT id FROM cameras WHERE url_hash = $1', [cameraUrlHash(url)]);
  return Number(rows[0]!.id);
}

describe('camera snapshots', () => {
  let camera: FakeCamera;
  let elsewhere: FakeCamera;
  let dataDir: string;
  let subject: TestApp;
  let guarded: TestApp;
  const ids: Record<string, number> = {};
  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url, headers: authorized });

  beforeAll(async () => {
    [camera, elsewhere] = await Promise.all([startFakeCamera(), startFakeCamera()]);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-snapshots-'));
    const settings = { CAMERA_SNAPSHOT_TTL: String(TTL_SECONDS), CAMERA_HOST_RATE: '50' };
    subject = await createTestApp({ dataDir, ingesterEnabled: false, cameraTestAllowedHosts: [camera.hostPort], settings });
    guarded = await createTestApp({ dataDir, ingesterEnabled: false, settings });
    for (const name of ['snapshot.jpg', 'login.html', 'redirect', 'endless.jpg', 'mjpg/video.mjpg', 'axis-cgi/mjpg/video.cgi', 'stream-of-pages', 'endless-headers']) {
      ids[name] = await addCamera(subject, `${camera.origin}/${name}`);
    }
    ids.byName = await addCamera(subject, `${camera.origin.replace('127.0.0.1', 'localhost')}/snapshot.jpg`);
    ids.guarded = await addCamera(guarded, `${camera.origin}/snapshot.jpg`);
  });
  afterAll(async () => {
    await subject?.close();
    await guarded?.close();
    await Promise.all([camera?.close(), elsewhere?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fetches on a miss, answers from the cache while fresh, and fetches again after the TTL', async () => {
    const url = `/api/cameras/${ids['snapshot.jpg']}/snapshot`;
    const miss = await get(subject, url);
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['content-type']).toBe('image/jpeg');
    expect(miss.headers['x-snapshot-cache']).toBe('miss');
    expect(miss.rawPayload.equals(TINY_JPEG)).toBe(true);
    const hit = await get(subject, url);
    expect(hit.headers['x-snapshot-cache']).toBe('hit');
    expect(hit.rawPayload.equals(TINY_JPEG)).toBe(true);
    expect(camera.hits['/snapshot.jpg']).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 100));
    const expired = await get(subject, url);
    expect(expired.headers['x-snapshot-cache']).toBe('miss');
    expect(camera.hits['/snapshot.jpg']).toBe(2);
  });

  it('answers 502 with the JSON error shape when the camera is away, pointing at the last image', async () => {
    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 100));
    camera.off = true;
    try {
      const away = await get(subject, `/api/cameras/${ids['snapshot.jpg']}/snapshot`);
      expect(away.statusCode).toBe(502);
      const body = away.json();
      expect(body.error.code).toBe('camera_unreachable');
      expect(body.error.details.lastSnapshot.path).toBe(`/api/cameras/${ids['snapshot.jpg']}/snapshot?cached=1`);
      const last = await get(subject, body.error.details.lastSnapshot.path);
      expect(last.statusCode).toBe(200);
      expect(last.headers['x-snapshot-cache']).toBe('stale');
      expect(last.rawPayload.equals(TINY_JPEG)).toBe(true);
    } finally {
      camera.off = false;
    }
  });

  it('refuses what is not an image, what never ends, and a redirect to an address not allowed', async () => {
    const page = await get(subject, `/api/cameras/${ids['login.html']}/snapshot`);
    expect(page.statusCode).toBe(502);
    expect(page.json().error.message).toMatch(/not an image/);
    expect(page.json().error.details).toBeUndefined();

    const endless = await get(subject, `/api/cameras/${ids['endless.jpg']}/snapshot`);
    expect(endless.statusCode).toBe(502);
    expect(endless.json().error.message).toMatch(/byte limit/);

    camera.redirectTo = `${elsewhere.origin}/snapshot.jpg`;
    const redirected = await get(subject, `/api/cameras/${ids.redirect}/snapshot`);
    expect(redirected.statusCode).toBe(502);
    expect(redirected.json().error.message).toMatch(/refused/);
    expect(elsewhere.hits['/snapshot.jpg']).toBeUndefined();
  });

  it("shows a camera listed by its MJPEG stream as the stream's first picture, and hangs up after it", async () => {
    for (const name of ['mjpg/video.mjpg', 'axis-cgi/mjpg/video.cgi']) {
      const picture = await get(subject, `/api/cameras/${ids[name]}/snapshot`);
      expect(picture.statusCode, `${name}: ${picture.body}`).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.rawPayload.equals(TINY_JPEG)).toBe(true);
      // Cached as a still image is.
      expect((await get(subject, `/api/cameras/${ids[name]}/snapshot`)).headers['x-snapshot-cache']).toBe('hit');
    }
    await expect.poll(() => camera.streamsOpen).toBe(0);
    const pages = await get(subject, `/api/cameras/${ids['stream-of-pages']}/snapshot`);
    expect(pages.statusCode).toBe(502);
    expect(pages.json().error.message).toMatch(/stream sent text\/html, not an image/);
    await expect.poll(() => camera.streamsOpen).toBe(0);
    // A first part whose headers never end is refused (it threw out of the socket's handler and ended the process).
    const endless = await get(subject, `/api/cameras/${ids['endless-headers']}/snapshot`);
    expect(endless.statusCode).toBe(502);
    expect(endless.json().error.message).toMatch(/no end to its headers/);
    await expect.poll(() => camera.streamsOpen).toBe(0);
    expect((await get(subject, `/api/cameras/${ids['mjpg/video.mjpg']}/snapshot`)).statusCode).toBe(200);
  });

  it('judges the address connected to: a name resolving to loopback is refused before any request', async () => {
    const before = camera.hits['/snapshot.jpg'] ?? 0;
    const byName = await get(subject, `/api/cameras/${ids.byName}/snapshot`);
    expect(byName.statusCode).toBe(502);
    expect(byName.json().error.message).toMatch(/refused: localhost resolves to 127\.0\.0\.1/);
    expect(camera.hits['/snapshot.jpg'] ?? 0).toBe(before);
  });

  it('refuses loopback without the test-only allowance', async () => {
    const before = camera.hits['/snapshot.jpg'] ?? 0;
    const refused = await get(guarded, `/api/cameras/${ids.guarded}/snapshot`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toMatch(/refused: 127\.0\.0\.1 is in the loopback range/);
    expect(camera.hits['/snapshot.jpg'] ?? 0).toBe(before);
  });

  it('answers 404 for an unknown camera and 400 for an id that is not one', async () => {
    const unknown = await get(subject, '/api/cameras/987654/snapshot');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const bad of ['0', '-1', '1.5', '..%2F..%2Fetc%2Fpasswd', '1%0d%0aSet-Cookie:x', '99999999999999999999']) {
      const response = await get(subject, `/api/cameras/${bad}/snapshot`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBeTypeOf('string');
    }
    expect((await get(subject, `/api/cameras/${ids['snapshot.jpg']}/snapshot?cached=yes`)).statusCode).toBe(400);
  });
});
