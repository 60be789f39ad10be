// Offline geocoding and news on the map, against the whole packaged gazetteer (loaded once for the file: the
// answers depend on every homonym the world has, which an extract would hide): "City, Country" captions, cameras
// placed with the online geocoder unreachable (and not asked), stories placed at the town they name as `news`
// events, false hits refused, and the recorded real feeds run through the matcher.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraAddressPolicy } from '../../server/cameras/camera-address-policy.js';
import { CameraCrawler } from '../../server/cameras/camera-crawler.js';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder } from '../../server/cameras/geocoder.js';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { parseNewsFeed } from '../../server/news/feed-parser.js';
import { COMMON_WORD_PLACES } from '../../server/places/common-word-places.js';
import type { JobOutcome } from '../../server/jobs/job-runner.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { type FakeCameraDirectory, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { type FakeFeeds, startFakeFeeds } from '../support/fake-feeds.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { REAL_DATA_DIR } from '../support/real-data-path.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

/** An Insecam-style listing page: one block per caption, each camera on its own public address. */
function listingPage(cameras: Array<{ ip: string; caption: string }>): string {
  const blocks = cameras.map(
    ({ ip, caption }, index) => `<div class="thumbnail-item">
      <a class="thumbnail-item__wrap" href="/view/${index}/"><img class="thumbnail-item__img" src="http://${ip}/mjpg/video.mjpg" alt="${caption}"></a>
      <div class="thumbnail-item__caption">${caption}</div>
    </div>`,
  );
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Live cameras</title></head><body><div class="row">${blocks.join('\n')}</div></body></html>`;
}

function rssItem(id: number, title: string, summary: string, hoursAgo: number): string {
  const published = new Date(Date.now() - hoursAgo * 3_600_000).toUTCString();
  return `<item><title>${title}</title><link>https://news.example.org/story/${id}</link><guid>https://news.example.org/story/${id}</guid>
    <pubDate>${published}</pubDate><description>${summary}</description></item>`;
}

const STORIES = [
  rssItem(1, 'Ferry strike strands hundreds of passengers in Bergen', 'Crews walked out on Tuesday morning; the operator said sailings along the coast would resume on Thursday.', 1),
  rssItem(2, 'Tornado damages homes in Paris, Texas', 'The storm tore roofs off a dozen houses in Lamar County overnight.', 2),
  rssItem(3, 'Reading the news on Mobile phones is now the norm', 'Nice weather for the weekend, forecasters say, as readers turn to their phones.', 3),
  rssItem(4, 'Markets rally as investors cheer strong earnings', 'Shares rose for a third day running.', 4),
  rssItem(5, 'Lewis Hamilton says he is ready for the next season', 'The driver spoke to reporters after a test session.', 5),
];

const RSS = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Example News</title><link>https://news.example.org/</link>
<description>Test feed</description>${STORIES.join('\n')}</channel></rss>`;

describe('offline geocoding and news on the map (whole gazetteer)', () => {
  let nats: OwnNats;
  let directory: FakeCameraDirectory;
  let feeds: FakeFeeds;
  let nominatim: FakeNominatim;
  let subject: TestApp;
  let workers: Workers;
  let firstScrape: Promise<{ outcome: JobOutcome; gazetteerThen: string }>;
  let dir: string;
  let limiter: HostRateLimiter | undefined;

  beforeAll(async () => {
    nats = await startOwnNats();
    directory = await startFakeCameraDirectory({
      '/iceland/': {
        type: 'text/html; charset=utf-8',
        body: listingPage([
          { ip: '81.2.69.180', caption: 'Live camera in Reykjavik, Iceland' },
          { ip: '81.2.69.181', caption: 'Live camera in Nowhere, Atlantis' },
        ]),
      },
      '/more/': {
        type: 'text/html; charset=utf-8',
        body: listingPage([
          { ip: '81.2.69.182', caption: 'Live camera in Akureyri, Iceland' },
          { ip: '81.2.69.181', caption: 'Live camera in Nowhere, Atlantis' },
        ]),
      },
    });
    feeds = await startFakeFeeds();
    nominatim = await startFakeNominatim();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-places-'));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify([{ name: 'Example News', url: feeds.serve('example.xml', RSS), category: 'world', region: 'global' }]));
    subject = await createTestApp({
      natsUrl: nats.url,
      natsToken: nats.token,
      cameraTestAllowedHosts: [directory.hostPort],
      // The online geocoder is unreachable (a closed port): the gazetteer must do.
      settings: { GAZETTEER_LOAD: 'on', CAMERA_SOURCES: `${directory.origin}/iceland/`, GEOCODER_URL: 'http://127.0.0.1:9', CAMERA_HOST_RATE: '20', NEWS_FEEDS_FILE: path.join(dir, 'feeds.json') },
    });
    workers = startWorkers(subject.app);
    // A first start: the news is scraped while the gazetteer loads (its stories are placed once the places are in).
    expect(subject.app.gazetteer.progress().state).not.toBe('ready');
    firstScrape = subject.app.jobs.run('news').then((outcome) => ({ outcome, gazetteerThen: subject.app.gazetteer.progress().state }));
    await waitFor(async () => (subject.app.gazetteer.progress().state === 'ready' ? true : undefined), 170_000, 'the gazetteer loaded');
  }, 180_000);
  afterAll(async () => {
    await limiter?.stop();
    await workers?.stop();
    await subject?.close();
    await Promise.all([directory?.close(), feeds?.close(), nominatim?.close()]);
    await nats?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('resolves "City, Country" by name or alternate name, the country by name, ISO code or division, the larger place on a tie', async () => {
    const resolver = subject.app.placeResolver;
    expect(await resolver.resolve('Reykjavik, Iceland')).toMatchObject({ name: 'Reykjavík', countryCode: 'IS' });
    expect(await resolver.resolve('Paris, France')).toMatchObject({ name: 'Paris', countryCode: 'FR' });
    expect(await resolver.resolve('Paris, Texas')).toMatchObject({ name: 'Paris', countryCode: 'US', admin1Name: 'Texas' });
    expect(await resolver.resolve('Paris, US')).toMatchObject({ countryCode: 'US' });
    // Alone, the largest Paris.
    expect(await resolver.resolve('Paris')).toMatchObject({ countryCode: 'FR' });
    expect(await resolver.resolve('Seoul, Korea, Republic of')).toMatchObject({ countryCode: 'KR' });
    expect(await resolver.resolve('Kiev, Ukraine')).toMatchObject({ countryCode: 'UA' });
    expect(await resolver.resolve('MÜNCHEN, de')).toMatchObject({ name: 'Munich', countryCode: 'DE' });
    expect(await resolver.resolve('Nowhere, Atlantis')).toBeNull();
    expect(await resolver.resolve('Paris, Iceland')).toBeNull();
    // Codes are found by search only: a caption's place is a name ("DXB" is Dubai's airport code, "LAX" Los Angeles's).
    expect(await resolver.resolve('DXB, United Arab Emirates')).toBeNull();
    expect(await resolver.resolve('LAX')).toBeNull();
  });

  it('a name that is a division of the country given is not placed at a town of that name in another division ("Wyoming, US")', async () => {
    const resolver = subject.app.placeResolver;
    // The real "State, US" map of camera URLs (ratemypraxis): no key may land on a same-named town elsewhere.
    const map = JSON.parse(readFileSync(path.join(REAL_DATA_DIR, 'cameras', 'json_mjpeglinks_ratemypraxis.json'), 'utf8')) as Record<string, unknown>;
    const keys = Object.keys(map);
    expect(keys).toEqual(expect.arrayContaining(['Wyoming, US', 'Alabama, US', 'Delaware, US', 'New York, US']));
    const misplaced: string[] = [];
    for (const key of keys) {
      const place = await resolver.resolve(key);
      const state = key.split(',')[0]?.trim();
      if (place && !place.capital && place.admin1Name !== state) misplaced.push(`${key} → ${place.name}, ${place.admin1Name}`);
    }
    expect(misplaced).toEqual([]);
    expect(await resolver.resolve('Wyoming, US')).toBeNull();
    expect(await resolver.resolve('Alabama, United States')).toBeNull();
    // The town is meant when its own division is named, or when it lies in the division of its name.
    expect(await resolver.resolve('Delaware, Ohio')).toMatchObject({ name: 'Delaware', admin1Name: 'Ohio' });
    expect(await resolver.resolve('Wyoming, Michigan')).toMatchObject({ name: 'Wyoming', admin1Name: 'Michigan' });
    expect(await resolver.resolve('New York, US')).toMatchObject({ name: 'New York City', admin1Name: 'New York' });
    expect(await resolver.resolve('Neuchâtel, Switzerland')).toMatchObject({ countryCode: 'CH', admin1Name: 'Neuchâtel' });
    expect(await resolver.resolve('Washington, US')).toMatchObject({ capital: true, countryCode: 'US' });
  });

  it('places a camera listed as "Live camera in Reykjavik, Iceland" with the geocoder unreachable, and health counts it', async () => {
    const run = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ status: 'done', result: { inserted: 2, placed: 1, placedByGazetteer: 1, placedByGeocoder: 0, unplaceable: 0 } });
    const { rows } = await subject.app.db.query<{ city: string; latitude: number; longitude: number; place_status: string }>(
      `SELECT city, ST_Y(geom) AS latitude, ST_X(geom) AS longitude, place_status FROM cameras ORDER BY city`,
    );
    // Nowhere waits for the geocoder to be back; Reykjavík is on the map.
    expect(rows).toMatchObject([{ city: 'Nowhere', place_status: 'pending' }, { city: 'Reykjavik', place_status: 'placed' }]);
    expect(rows[1]!.latitude).toBeCloseTo(64.14, 1);
    expect(rows[1]!.longitude).toBeCloseTo(-21.9, 1);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.cameras).toMatchObject({ onMap: 1, awaitingGeocoder: 1, placedByGazetteer: 1, placedByGeocoder: 0 });
  });

  it('asks a reachable geocoder only about what the gazetteer cannot answer', async () => {
    limiter = new HostRateLimiter({ requestsPerSecond: 20 });
    const crawler = new CameraCrawler({
      cameras: new CameraRepository(subject.app.db),
      policy: new CameraAddressPolicy([directory.hostPort]),
      limiter,
      geocoder: new Geocoder(new GeocodeRepository(subject.app.db), nominatim.url, { minIntervalMs: 10 }),
      gazetteer: { ready: () => true, resolveParts: (city, region) => subject.app.placeResolver.resolveParts(city, region) },
      publisher: new EventPublisher(subject.app.bus.connection),
      log: subject.app.log,
      maxPagesPerSource: 2,
    });
    const result = await crawler.crawl([`${directory.origin}/more/`]);
    expect(result).toMatchObject({ inserted: 1, seenAgain: 1, placedByGazetteer: 1, placedByGeocoder: 0, unplaceable: 1 });
    expect(nominatim.requests.map((request) => request.q)).toEqual(['nowhere, atlantis']);
    const [akureyri] = (await subject.app.db.query<{ latitude: number }>(`SELECT ST_Y(geom) AS latitude FROM cameras WHERE city = 'Akureyri'`)).rows;
    expect(akureyri!.latitude).toBeCloseTo(65.68, 1);
  });

  it('finds the place a text is about, and refuses common words and people', async () => {
    const place = async (text: string) => (await subject.app.placeResolver.placeOf(text))?.place ?? null;
    expect(await place('Reading the news on Mobile phones. Nice weather ahead.')).toBeNull();
    expect(await place('Nice weather is forecast for the weekend')).toBeNull();
    expect(await place('Lewis Hamilton wins the Abu Dhabi Grand Prix')).toMatchObject({ countryCode: 'AE' });
    expect(await place('Elon Musk says Tesla will build a factory')).toBeNull();
    expect(await place('Police in Reading, England, arrested two men')).toBeNull();
    expect(await place('Flooding closes roads across Rio de Janeiro')).toMatchObject({ name: 'Rio de Janeiro', countryCode: 'BR' });
    expect(await place('Earthquake Shakes Reykjavik As Volcano Stirs')).toMatchObject({ countryCode: 'IS' });
    expect(await place('A tornado hit Paris, Texas')).toMatchObject({ countryCode: 'US', admin1Name: 'Texas' });
    expect(await place('Protests in Paris over pension reform')).toMatchObject({ countryCode: 'FR' });
    expect(await place('Singapore tightens rules on ride-hailing')).toMatchObject({ countryCode: 'SG' });
    // A country is not a town.
    expect(await place('Ukraine and Russia trade accusations')).toBeNull();
    // A town of 17,000 only with its country named.
    expect(await place('Snow closes Akureyri airport')).toBeNull();
    expect(await place('Snow closes Akureyri airport in northern Iceland')).toMatchObject({ name: 'Akureyri' });
  });

  it('puts a story naming a town on the map as a news event at the town, and leaves the others off (scraped while the gazetteer loaded)', async () => {
    // The run ended with the places still loading, its stories stored (the brief shows them at once), and the two
    // naming a town went on the map once the places were in.
    expect(await firstScrape).toMatchObject({ outcome: { status: 'done', result: { newsItems: { created: 5 }, waitingForPlaces: 5 } } });
    expect((await firstScrape).gazetteerThen).not.toBe('ready');
    const events = await waitFor(async () => {
      const response = await subject.app.inject({ method: 'GET', url: '/api/events?source=news', headers: authorized });
      const page = response.json() as { events: Array<{ title: string; url: string; summary: string; geometry: { coordinates: [number, number] }; payload: { link: string } }> };
      return page.events.length === 2 ? page.events : undefined;
    }, 20_000, 'two news events');
    const bergen = events.find((event) => event.title.includes('Bergen'))!;
    expect(bergen.geometry.coordinates[0]).toBeCloseTo(5.32, 1);
    expect(bergen.geometry.coordinates[1]).toBeCloseTo(60.39, 1);
    expect(bergen.url).toMatch(/^vantage:news\/\d+$/);
    expect(bergen.summary).toMatch(/^Bergen, Norway: Crews walked out/);
    expect(bergen.payload.link).toBe('https://news.example.org/story/1');
    const paris = events.find((event) => event.title.includes('Paris'))!;
    expect(paris.geometry.coordinates[0]).toBeCloseTo(-95.55, 1);
    // On the map (by bbox) and in playback.
    const inNorway = await subject.app.inject({ method: 'GET', url: '/api/events?source=news&bbox=4,59,7,61', headers: authorized });
    expect((inNorway.json() as { events: unknown[] }).events).toHaveLength(1);
    const from = new Date(Date.now() - 6 * 3_600_000).toISOString();
    const playback = await subject.app.inject({ method: 'GET', url: `/api/playback?${new URLSearchParams({ from, to: new Date().toISOString(), source: 'news' })}`, headers: authorized });
    expect(playback.statusCode).toBe(200);
    const buckets = (playback.json() as { buckets: Array<{ source: string; count: number }> }).buckets;
    expect(buckets.filter((bucket) => bucket.source === 'news').reduce((sum, bucket) => sum + bucket.count, 0)).toBe(2);
  });

  it('runs the recorded real feeds through the matcher (figures and a sample in the log)', async () => {
    const feedDir = path.join(REAL_DATA_DIR, 'feeds');
    const files = readdirSync(feedDir).filter((name) => !name.startsWith('.'));
    let stories = 0;
    const placed: Array<{ title: string; mention: string; place: string }> = [];
    for (const file of files) {
      let articles;
      try {
        articles = parseNewsFeed(readFileSync(path.join(feedDir, file), 'utf8')).articles;
      } catch {
        continue;
      }
      for (const article of articles) {
        stories += 1;
        const found = await subject.app.placeResolver.placeOf(article.summary ? `${article.title}\n${article.summary}` : article.title);
        if (found) placed.push({ title: article.title, mention: found.mention, place: `${found.place.name}, ${found.place.countryCode} (${found.score.toFixed(1)})` });
      }
    }
    console.log(`real feeds: ${stories} stories in ${files.length} files, ${placed.length} placed`);
    for (const item of placed) console.log(`  ${item.place} ← "${item.mention}" in: ${item.title.slice(0, 100)}`);
    expect(stories).toBeGreaterThan(50);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(stories);
    expect(placed.filter((item) => COMMON_WORD_PLACES.has(item.mention.toLowerCase()))).toEqual([]);
  });
});
