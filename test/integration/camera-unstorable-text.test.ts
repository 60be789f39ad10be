// A camera directory and the geocoder are outside input: a camera whose title or place holds a NUL or a broken
// surrogate is skipped and counted, and the crawl stores the other cameras of every directory; a geocoder's place
// name that cannot be stored is left out and its position kept. Before, one such camera made PostgreSQL refuse the
// crawl's whole upsert (nothing of any directory was stored), and one such name failed every later run at the same
// camera (the geocoder counted as away).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraAddressPolicy } from '../../server/cameras/camera-address-policy.js';
import { CameraCrawler, type CrawlResult } from '../../server/cameras/camera-crawler.js';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder } from '../../server/cameras/geocoder.js';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';
import { UNSTORABLE_TEXT } from '../../server/cameras/storable-camera-text.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { type FakeCameraDirectory, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { type FakeNominatim, NOMINATIM_PLACES, startFakeNominatim } from '../support/fake-nominatim.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const lookup = async () => [{ address: '81.2.69.170' }];
const IMAGE = (name: string) => `http://public-cam.example/${name}.jpg`;
const EVIL_PLACE = 'evil town, us';

/** A Caltrans CWWP2 record as the official files write it (every value a string). */
const caltrans = (index: string, locationName: string, image: string) => ({
  cctv: {
    index,
    location: { latitude: '38.58', longitude: '-121.49', locationName, nearbyPlace: 'Sacramento', county: 'Sacramento', route: 'I-80' },
    inService: 'true',
    imageData: { static: { currentImageURL: image } },
  },
});

describe('cameras whose words cannot be stored', () => {
  let directory: FakeCameraDirectory;
  let nominatim: FakeNominatim;
  let subject: TestApp;
  let limiter: HostRateLimiter;
  let result: CrawlResult;

  beforeAll(async () => {
    NOMINATIM_PLACES[EVIL_PLACE] = [{ place_id: 9, lat: '38.1', lon: '-120.9', display_name: 'Evil\u0000 Town, California' }];
    directory = await startFakeCameraDirectory({
      '/official.json': {
        type: 'application/json',
        body: JSON.stringify({ data: [caltrans('1', 'Bad\u0000camera', IMAGE('a')), caltrans('2', 'Capitol Mall', IMAGE('e'))] }),
      },
      // JSON.stringify writes the NUL as \u0000 and the lone surrogate as \ud800, as a hostile list would.
      '/places.json': {
        type: 'application/json',
        body: JSON.stringify({ 'Bad\u0000town, US': IMAGE('b'), 'Lone \ud800 place, US': IMAGE('c'), 'Evil town, US': IMAGE('d') }),
      },
    });
    nominatim = await startFakeNominatim();
    subject = await createTestApp({ ingesterEnabled: false });
    limiter = new HostRateLimiter({ requestsPerSecond: 50 });
    const crawler = new CameraCrawler({
      cameras: new CameraRepository(subject.app.db),
      policy: new CameraAddressPolicy([directory.hostPort], lookup),
      limiter,
      geocoder: new Geocoder(new GeocodeRepository(subject.app.db), nominatim.url, { minIntervalMs: 0 }),
      publisher: new EventPublisher(subject.app.bus.connection),
      log: subject.app.log,
      maxPagesPerSource: 1,
    });
    result = await crawler.crawl([`${directory.origin}/official.json`, `${directory.origin}/places.json`]);
  });
  afterAll(async () => {
    delete NOMINATIM_PLACES[EVIL_PLACE];
    await limiter?.stop();
    await subject?.close();
    await Promise.all([directory?.close(), nominatim?.close()]);
  });

  it('skips each such camera under its reason and stores the others of both directories', async () => {
    expect(result.failedSources).toEqual([]);
    expect(result.skippedReasons[UNSTORABLE_TEXT]).toBe(3);
    expect(result.rejected.reasons.find((entry) => entry.reason === UNSTORABLE_TEXT)).toEqual({
      reason: UNSTORABLE_TEXT,
      count: 3,
      examples: [`official.json ${IMAGE('a')}`, `places.json ${IMAGE('b')}`, `places.json ${IMAGE('c')}`],
    });
    const stored = await queryOnce<{ url: string }>(subject.database.url, 'SELECT url FROM cameras ORDER BY url');
    expect(stored.map((camera) => camera.url)).toEqual([IMAGE('d'), IMAGE('e')]);
  });

  it('places a camera whose geocoded name cannot be stored, without the name', async () => {
    expect(nominatim.requests.map((request) => request.q)).toEqual([EVIL_PLACE]);
    const [cached] = await queryOnce<{ found: boolean; display: string | null }>(subject.database.url, 'SELECT found, display FROM geocode_cache');
    expect(cached).toEqual({ found: true, display: null });
    const [placed] = await queryOnce<{ lat: number; lon: number }>(
      subject.database.url,
      `SELECT ST_Y(geom) AS lat, ST_X(geom) AS lon FROM cameras WHERE url = $1`,
      [IMAGE('d')],
    );
    expect(placed).toEqual({ lat: 38.1, lon: -120.9 });
  });
});
