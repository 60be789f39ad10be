// Camera directory pages go through the same address guard as snapshots: a directory on loopback is
// refused before any request unless a test allows its host:port, every redirect hop is judged again, and
// listed cameras written as IPv6 forms that carry a non-public IPv4 are never stored. Every server here
// is on 127.0.0.1, and every refused target is loopback too: a broken guard would not send traffic out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraAddressPolicy } from '../../server/cameras/camera-address-policy.js';
import { CameraCrawler } from '../../server/cameras/camera-crawler.js';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder } from '../../server/cameras/geocoder.js';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { type FakeCameraDirectory, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

/** Each carries 127.0.0.1, 169.254.169.254 or 10.0.0.1 in an IPv6 form, or uses a form refused outright. */
const EMBEDDED_IPV4 = [
  'http://[::127.0.0.1]/',
  'http://[::169.254.169.254]/latest/meta-data',
  'http://[::10.0.0.1]/',
  'http://[::ffff:0:10.0.0.1]/snapshot.jpg',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b:1::808:808]/',
  'http://[2002:a00:1::1]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  'http://[2a00:1450:4001:82a:0:5efe:10.0.0.1]/',
  'http://[::8.8.8.8]/',
];
/** Public, in the same list: proof that the list was read and judged entry by entry. */
const PUBLIC_ENTRIES = ['http://[64:ff9b::808:808]/snap.jpg', 'http://93.184.216.34/snap.jpg'];

const SETTINGS = { GEOCODER_URL: 'http://127.0.0.1:9', CAMERA_HOST_RATE: '20' };

describe('camera directories behind the address guard', () => {
  let directory: FakeCameraDirectory;
  let elsewhere: FakeCameraDirectory;
  let allowed: TestApp;
  let guarded: TestApp;
  let limiter: HostRateLimiter;

  const crawlerWith = (policy: CameraAddressPolicy) =>
    new CameraCrawler({
      cameras: new CameraRepository(allowed.app.db),
      policy,
      limiter,
      geocoder: new Geocoder(new GeocodeRepository(allowed.app.db), SETTINGS.GEOCODER_URL),
      publisher: new EventPublisher(allowed.app.bus.connection),
      log: allowed.app.log,
      maxPagesPerSource: 5,
    });
  const crawlFailure = async (crawler: CameraCrawler, sources: string[]): Promise<string> => {
    const failure = await crawler.crawl(sources).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).not.toBeNull();
    return failure ?? '';
  };
  const redirectTo = (target: string) => `${directory.origin}/redirect?to=${encodeURIComponent(target)}`;

  beforeAll(async () => {
    [directory, elsewhere] = await Promise.all([
      startFakeCameraDirectory({ '/lists/embedded-ipv4.txt': { type: 'text/plain', body: [...EMBEDDED_IPV4, ...PUBLIC_ENTRIES].join('\n') } }),
      startFakeCameraDirectory(),
    ]);
    [allowed, guarded] = await Promise.all([
      createTestApp({ ingesterEnabled: false, cameraTestAllowedHosts: [directory.hostPort], settings: SETTINGS }),
      createTestApp({ ingesterEnabled: false, settings: SETTINGS }),
    ]);
    limiter = new HostRateLimiter({ requestsPerSecond: 20 });
  });
  afterAll(async () => {
    await limiter?.stop();
    await Promise.all([allowed?.close(), guarded?.close()]);
    await Promise.all([directory?.close(), elsewhere?.close()]);
  });

  it('the cameras job refuses a directory on loopback without the test-only allowance, and never asks it', async () => {
    const saved = await guarded.app.inject({ method: 'PUT', url: '/api/cameras/sources', headers: authorized, payload: { sources: [directory.textListUrl] } });
    expect(saved.statusCode).toBe(200);
    const run = await guarded.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(502);
    expect(run.json().error.code).toBe('job_failed');
    expect(directory.requests).toEqual([]);
  });

  it('refuses loopback directories by literal, by name and in IPv6 dress, before any request', async () => {
    const port = new URL(directory.origin).port;
    const failure = await crawlFailure(crawlerWith(new CameraAddressPolicy([])), [
      directory.textListUrl,
      // A second list on the same refused address: the failure says it once.
      `${directory.origin}/lists/other.txt`,
      `http://localhost:${port}/lists/cameras.txt`,
      `http://[::ffff:127.0.0.1]:${port}/lists/cameras.txt`,
      `http://[::127.0.0.1]:${port}/lists/cameras.txt`,
    ]);
    expect(failure).toMatch(/every camera source failed/);
    // The refusal says the rule, once per host.
    expect(failure).toContain('refused: 127.0.0.1 is in the loopback range; camera lists and snapshots are read from public internet addresses only');
    expect(failure.split('127.0.0.1 is in the loopback range;')).toHaveLength(2);
    // A name is judged at connect time, by the address it resolved to.
    expect(failure).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1), which is not public/);
    expect(failure).toContain('refused: ::ffff:7f00:1 carries 127.0.0.1 (IPv4-mapped), which is in the loopback range');
    expect(failure).toContain('refused: ::7f00:1 carries 127.0.0.1 (IPv4-compatible), which is in the loopback range');
    expect(directory.requests).toEqual([]);
  });

  it('judges every redirect hop: an allowed directory redirecting to an address not allowed is refused on the hop', async () => {
    const port = new URL(elsewhere.origin).port;
    const failure = await crawlFailure(crawlerWith(new CameraAddressPolicy([directory.hostPort])), [
      redirectTo(elsewhere.textListUrl),
      redirectTo(`http://localhost:${port}/lists/cameras.txt`),
      redirectTo(`http://[::ffff:7f00:1]:${port}/lists/cameras.txt`),
      redirectTo(`http://[::a00:1]:${port}/lists/cameras.txt`),
    ]);
    expect(failure).toContain('refused: 127.0.0.1 is in the loopback range');
    expect(failure).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1), which is not public/);
    expect(failure).toContain('refused: ::ffff:7f00:1 carries 127.0.0.1 (IPv4-mapped)');
    expect(failure).toContain('refused: ::a00:1 carries 10.0.0.1 (IPv4-compatible), which is in the private range');
    // The directory was asked (it is allowed); where it pointed was not.
    expect(directory.requests.filter((request) => request.path.startsWith('/redirect'))).toHaveLength(4);
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows a redirect that stays on an allowed directory', async () => {
    const before = directory.requests.length;
    const result = await crawlerWith(new CameraAddressPolicy([directory.hostPort])).crawl([redirectTo('/lists/embedded-ipv4.txt')]);
    expect(result).toMatchObject({ pages: 1, failedSources: [] });
    expect(directory.requests.slice(before).map((request) => request.path)).toEqual([expect.stringMatching(/^\/redirect/), '/lists/embedded-ipv4.txt']);
  });

  it('stores none of the listed cameras written as IPv6 forms carrying a non-public IPv4', async () => {
    const saved = await allowed.app.inject({
      method: 'PUT',
      url: '/api/cameras/sources',
      headers: authorized,
      payload: { sources: [`${directory.origin}/lists/embedded-ipv4.txt`] },
    });
    expect(saved.statusCode).toBe(200);
    const run = await allowed.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(200);
    expect(run.json().result).toMatchObject({ pages: 1, listed: EMBEDDED_IPV4.length + PUBLIC_ENTRIES.length, dropped: EMBEDDED_IPV4.length, failedSources: [] });
    const { rows } = await allowed.app.db.query<{ url: string }>('SELECT url FROM cameras ORDER BY url');
    expect(rows.map((row) => new URL(row.url).hostname).sort()).toEqual(['93.184.216.34', '[64:ff9b::808:808]']);
  });
});
