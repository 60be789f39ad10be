// The camera crawl end to end against directories and a geocoder on 127.0.0.1: every tricky address
// dropped, credentials stripped, dedup across sources and runs, per-host spacing measured, the
// geocoder asked once a second, placed cameras published and stored as events once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraAddressPolicy } from '../../server/cameras/camera-address-policy.js';
import { CameraCrawler, type CrawlResult } from '../../server/cameras/camera-crawler.js';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder } from '../../server/cameras/geocoder.js';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { isUnreachable } from '../../server/http/network-failure.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { type FakeCameraDirectory, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

// DNS as the fixtures need it: one public name, one private, one that answers both, one that fails.
const FIXTURE_DNS: Record<string, string[]> = {
  'public-cam.example': ['81.2.69.170'],
  'internal-cam.example': ['10.1.2.3'],
  'rebind-cam.example': ['81.2.69.171', '127.0.0.1'],
};
const lookup = async (host: string) => {
  const addresses = FIXTURE_DNS[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address }));
};

const HOST_RATE = 4;

describe('camera crawl (directories, geocoder and bus on loopback)', () => {
  let nats: OwnNats;
  let listing: FakeCameraDirectory;
  let textList: FakeCameraDirectory;
  let nominatim: FakeNominatim;
  let subject: TestApp;
  let workers: Workers;
  let crawler: CameraCrawler;
  let limiter: HostRateLimiter;
  let first: CrawlResult;

  const cameraEvents = async () =>
    (await subject.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE source_type = 'camera'`)).rows[0]?.n ?? 0;

  beforeAll(async () => {
    nats = await startOwnNats();
    [listing, textList, nominatim] = await Promise.all([startFakeCameraDirectory(), startFakeCameraDirectory(), startFakeNominatim()]);
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token });
    workers = startWorkers(subject.app);
    limiter = new HostRateLimiter({ requestsPerSecond: HOST_RATE });
    crawler = new CameraCrawler({
      cameras: new CameraRepository(subject.app.db),
      // The directories are on loopback: let through by the test-only allowance (their listed cameras are not).
      policy: new CameraAddressPolicy([listing.hostPort, textList.hostPort], lookup),
      limiter,
      geocoder: new Geocoder(new GeocodeRepository(subject.app.db), nominatim.url),
      publisher: new EventPublisher(subject.app.bus.connection),
      log: subject.app.log,
      maxPagesPerSource: 10,
    });
    // The text list is given with a token of the user's in its address: it must not reach the API.
    first = await crawler.crawl([listing.listingUrl, `${textList.textListUrl}?token=directory-secret`]);
  });
  afterAll(async () => {
    await limiter?.stop();
    await workers?.stop();
    await subject?.close();
    await Promise.all([listing?.close(), textList?.close(), nominatim?.close()]);
    await nats?.stop();
  });

  it('follows the listing to its second page and counts what is listed, skipped and dropped', () => {
    expect(listing.requests.map((request) => request.path)).toEqual(['/bycountry/?page=1', '/bycountry/?page=2']);
    // 8 blocks with an image + 38 lines that are URLs; one block without an image, a prose line and an ftp line skipped.
    expect(first).toMatchObject({ sources: 2, pages: 3, listed: 46, skipped: 3, failedSources: [] });
    // 4 tricky entries on the listing + 35 in the list.
    expect(first.dropped).toBe(39);
    expect(first).toMatchObject({ inserted: 6, seenAgain: 0, placed: 4, unplaceable: 2, published: 4 });
  });

  it('stores only public addresses, without credentials, one row per camera across sources', async () => {
    const { rows } = await subject.app.db.query<{ url: string; city: string | null; place_status: string }>(
      'SELECT url, city, place_status FROM cameras ORDER BY url',
    );
    expect(rows.map((row) => new URL(row.url).hostname).sort()).toEqual(
      ['81.2.69.160', '81.2.69.161', '93.184.216.34', '[2a00:1450:4001:82a::200e]', '[2a00:1450:4001:82a::200f]', 'public-cam.example'].sort(),
    );
    for (const row of rows) expect(row.url).not.toMatch(/hunter2|secret|admin|viewer|pwd=|user=|[?&][up]=|@/);
    const sources = await subject.app.db.query<{ source: string }>('SELECT DISTINCT source FROM cameras');
    expect(sources.rows.map((row) => row.source).sort()).toEqual([listing.listingUrl, textList.textListUrl].sort());
    // Listed bare in the text list and with its caption on the listing: one camera that keeps the place.
    const seoul = rows.find((row) => row.url.includes('81.2.69.160'));
    expect(seoul).toMatchObject({ url: 'http://81.2.69.160:8080/cgi-bin/camera?resolution=640', city: 'Seoul', place_status: 'placed' });
    expect(rows.filter((row) => row.place_status === 'unplaceable')).toHaveLength(2);
  });

  it('spaces requests to each host by the host rate while other hosts go ahead', () => {
    const [page1, page2] = listing.requests;
    expect(page2!.at - page1!.at).toBeGreaterThanOrEqual(1000 / HOST_RATE);
    // The other directory was not held behind the first one's spacing.
    expect(textList.requests[0]!.at).toBeLessThan(page2!.at);
  });

  it('asks the geocoder once per place, a second apart, with our User-Agent', () => {
    expect(nominatim.requests.map((request) => request.q).sort()).toEqual(['lyon, france', 'nowhere, atlantis', 'seoul, korea, republic of']);
    const gaps = nominatim.requests.slice(1).map((request, index) => request.at - nominatim.requests[index]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
    expect(nominatim.requests.every((request) => request.agent.startsWith('Vantage/'))).toBe(true);
  });

  it('stores each placed camera as one camera event; a second run adds nothing and asks nobody again', async () => {
    await waitFor(async () => ((await cameraEvents()) === 4 ? true : undefined), 20_000, 'four camera events');
    const again = await crawler.crawl([textList.textListUrl, listing.listingUrl]);
    expect(again).toMatchObject({ inserted: 0, seenAgain: 6, placed: 0, unplaceable: 0, published: 0, dropped: 39 });
    expect(nominatim.requests).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cameraEvents()).toBe(4);
  });

  it('lists placed cameras by bbox without credentials, and health counts those left off the map', async () => {
    const europe = await subject.app.inject({ method: 'GET', url: '/api/cameras?bbox=-10,35,30,60', headers: authorized });
    expect(europe.statusCode).toBe(200);
    const cameras = europe.json() as Array<{ id: number; url: string; city: string; latitude: number; snapshotPath: string }>;
    expect(cameras.map((camera) => camera.city)).toEqual(['Lyon', 'Lyon']);
    expect(cameras[0]!.snapshotPath).toBe(`/api/cameras/${cameras[0]!.id}/snapshot`);
    expect(JSON.stringify(cameras)).not.toMatch(/secret|viewer|hunter2/);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.cameras).toEqual({ total: 6, onMap: 4, unplaced: 2, awaitingGeocoder: 0, placedByGazetteer: 0, placedByGeocoder: 0 });
  });

  it('a crawl that reached none of its directories fails as out of reach; one that reached a directory does not', async () => {
    // As offline: the name is not found. The connection's lookup is the system's (the fixture DNS judges listed
    // addresses only): `.invalid` is a name no resolver may answer (RFC 6761); without one, the lookup fails as well.
    const offline = (await crawler.crawl(['http://gone-directory.invalid/cams.txt']).catch((error: unknown) => error)) as Error;
    expect(offline.message).toMatch(/^every camera source failed: gone-directory\.invalid: http:\/\/gone-directory\.invalid unreachable: host name (not found \(ENOTFOUND\)|lookup failed \(EAI_AGAIN\))$/);
    expect(isUnreachable(offline)).toBe(true);
    // One reached and answered 404: a bad answer, not the network.
    const mixed = (await crawler.crawl(['http://gone-directory.invalid/cams.txt', `http://${listing.hostPort}/no-such-list`]).catch((error: unknown) => error)) as Error;
    expect(mixed.message).toMatch(/every camera source failed/);
    expect(isUnreachable(mixed)).toBe(false);
  });

  it('the cameras job is idle, saying why, when no directories are configured', async () => {
    const run = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(200);
    expect(run.json().result).toEqual({ idle: 'no camera directory yet: switch on an official one or add your own' });
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.pipelines.cameras.idleReason ?? JSON.stringify(health.pipelines.cameras)).toMatch(/switch on an official one or add your own/);
  });
});
