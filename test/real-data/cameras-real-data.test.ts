// Every camera directory of real-data/cameras (lists people published; SOURCES.md says where each comes
// from) served from 127.0.0.1 and read by the `cameras` job: what is stored (URLs without credentials),
// what is skipped and why, and which directories fail with their reason. The expected URLs are read out
// of each file here by its documented shape (one URL a line; `label,url,n,n`; a JSON array or map of
// URLs), never by the app's parser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraAddressPolicy } from '../../server/cameras/camera-address-policy.js';
import { cameraCrawlJob } from '../../server/cameras/camera-crawl-job.js';
import { CameraCrawler, type CrawlResult } from '../../server/cameras/camera-crawler.js';
import { CameraRepository } from '../../server/cameras/camera-repository.js';
import { CameraSourceRepository } from '../../server/cameras/camera-source-repository.js';
import { CameraSources } from '../../server/cameras/camera-sources.js';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder } from '../../server/cameras/geocoder.js';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import type { JobDefinition } from '../../server/jobs/job-runner.js';
import { type FakeCameraDirectory, type FakePage, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { closedPort } from '../support/fake-llm.js';
import { REAL_DATA_DIR } from '../support/real-data-path.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

const CAMERAS = path.join(REAL_DATA_DIR, 'cameras');
const FILES = readdirSync(CAMERAS).filter((name) => !name.startsWith('.')).sort();
const TYPE: Record<string, string> = { '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.html': 'text/html; charset=utf-8' };

// No DNS in tests: every host name a list gives stands for one public address.
const everyNameIsPublic = async () => [{ address: '81.2.69.170' }];

const read = (name: string) => readFileSync(path.join(CAMERAS, name), 'utf8');

/** A URL alone on its line (no note after it). */
const BARE_URL = /^https?:\/\/\S+$/i;
/** EverySunset's placeholder where it has no camera (SOURCES.md). */
const PLACEHOLDER = /\/nowebcam\.jpg$/i;

/** The lines of a text list that are entries: blank lines, `#` comments and labels (a line without a URL above a URL alone on its line) are not. */
function entryLines(name: string): string[] {
  const lines = read(name)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return lines.filter((line, index) => /^https?:\/\//i.test(line) || !BARE_URL.test(lines[index + 1] ?? ''));
}

/** A list's entries as its format defines them: a URL, or null for an entry that carries none (or only the placeholder image). */
function listedEntries(name: string): Array<string | null> {
  const text = read(name);
  if (name.endsWith('.json')) {
    const data = JSON.parse(text) as unknown;
    // A map's value is a URL, or (New York) a list of them.
    return (Array.isArray(data) ? data : Object.values(data as Record<string, unknown>).flat()).map((value) => (typeof value === 'string' ? value : null));
  }
  return entryLines(name).map((line) => {
    // `http://host/path` (anything after a space is a note), or `label,http://host/path,30,30` (CSV: the URL is a field).
    const url = /^https?:\/\//i.test(line) ? line.split(/\s+/)[0]! : (line.split(',').find((field) => /^https?:\/\//i.test(field.trim()))?.trim() ?? null);
    return url && PLACEHOLDER.test(new URL(url).pathname) ? null : url;
  });
}

/** `&amp;` (copied out of a web page, once or twice: `&amp;amp;`) read as `&`. */
const unescaped = (listed: string) => listed.replace(/&(?:amp;)+/g, '&');

/** What a listed URL is stored as: unescaped, credentials (README: userinfo, user=, pwd=, u=, p=) removed. */
function storedForm(listed: string): string {
  const url = new URL(unescaped(listed));
  url.username = '';
  url.password = '';
  const credentials = ['user', 'pwd', 'u', 'p'];
  if ([...url.searchParams.keys()].some((key) => credentials.includes(key.toLowerCase()))) {
    for (const key of [...url.searchParams.keys()]) if (credentials.includes(key.toLowerCase())) url.searchParams.delete(key);
  }
  return url.toString();
}

/** Literal addresses outside public unicast space are refused; names resolve (above) to a public one. */
function isPublicHost(listed: string): boolean {
  const host = new URL(unescaped(listed)).hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) ? ipaddr.process(host).range() === 'unicast' : true;
}

describe('camera directories from real-data/cameras, crawled by the cameras job', () => {
  let directory: FakeCameraDirectory;
  let subject: TestApp;
  let limiter: HostRateLimiter;
  let job: JobDefinition;
  let sources: CameraSources;
  const results = new Map<string, CrawlResult | Error>();
  const stored = new Map<string, string[]>();

  const urlOf = (name: string) => `${directory.origin}/real/${name}`;

  beforeAll(async () => {
    const pages: Record<string, FakePage> = {};
    for (const name of FILES) pages[`/real/${name}`] = { type: TYPE[path.extname(name)] ?? 'application/octet-stream', body: read(name) };
    directory = await startFakeCameraDirectory(pages);
    const geocoderUrl = `http://127.0.0.1:${await closedPort()}`;
    subject = await createTestApp({
      ingesterEnabled: false,
      cameraTestAllowedHosts: [directory.hostPort],
      settings: { GEOCODER_URL: geocoderUrl, CAMERA_HOST_RATE: '50' },
    });
    const db = subject.app.db;
    limiter = new HostRateLimiter({ requestsPerSecond: 50 });
    const crawler = new CameraCrawler({
      cameras: new CameraRepository(db),
      policy: new CameraAddressPolicy([directory.hostPort], everyNameIsPublic),
      limiter,
      geocoder: new Geocoder(new GeocodeRepository(db), geocoderUrl),
      publisher: new EventPublisher(subject.app.bus.connection),
      log: subject.app.log,
      maxPagesPerSource: 5,
    });
    sources = new CameraSources(new CameraSourceRepository(db), []);
    job = cameraCrawlJob({ crawler, sources, intervalSeconds: 86_400 });
    // One directory a run, each on an empty table: what a run stores is that file's.
    for (const name of FILES) {
      await db.query('TRUNCATE cameras');
      await sources.save([urlOf(name)]);
      results.set(name, await job.run().then((result) => result as CrawlResult, (error: Error) => error));
      stored.set(name, (await db.query<{ url: string }>('SELECT url FROM cameras ORDER BY url')).rows.map((row) => row.url));
    }
  });
  afterAll(async () => {
    await limiter?.stop();
    await subject?.close();
    await directory?.close();
  });

  it('reads every file of the folder (11 directories)', () => {
    expect(FILES).toHaveLength(11);
    expect([...results.keys()]).toEqual(FILES);
  });

  // Lists with cameras: each URL entry stored once in its stored form, every other line skipped and counted.
  const USABLE: Record<string, { entries: number; skipped: number; reasons: Record<string, number> }> = {
    // 67 MJPEG URLs (SOURCES.md: 40 IP literals, 27 host names), nothing else.
    'text_adamdecaf_cameras.txt': { entries: 67, skipped: 0, reasons: {} },
    // Label lines (`50,-56 "…"`) alternate with URLs; 233 URLs are the placeholder image `nowebcam.jpg`; 6 lines are
    // neither a URL nor a label (`/www.…` without its scheme, labels without a URL under them).
    'text_everysunset_webcams.txt': { entries: 113, skipped: 239, reasons: { 'not a URL': 6, 'placeholder: the list says no camera is there': 233 } },
    // Notes; 33 of them stand above a link and label it.
    'text_worldcam_cams.txt': { entries: 33, skipped: 112, reasons: { 'not a URL': 112 } },
    'text_insecam_viewpages_vicalejuri.txt': { entries: 33, skipped: 0, reasons: {} },
    'text_labelurl_extra_az0977776_streams.txt': { entries: 4, skipped: 0, reasons: {} },
    'text_labelurl_extra_az0977776_test.txt': { entries: 4, skipped: 0, reasons: {} },
    // JSON lists (README: supported): an array of URLs, and a map of "State, US" to URL.
    'json_streams_alexpetercharles.json': { entries: 16, skipped: 0, reasons: {} },
    'json_mjpeglinks_ratemypraxis.json': { entries: 53, skipped: 0, reasons: {} },
  };

  for (const [name, expected] of Object.entries(USABLE)) {
    it(`${name}: every camera URL stored without credentials, the rest counted as skipped`, () => {
      const entries = listedEntries(name);
      const urls = entries.filter((entry): entry is string => entry !== null);
      expect(urls).toHaveLength(expected.entries);
      expect(entries.length - urls.length).toBe(expected.skipped);
      const kept = urls.filter(isPublicHost);
      const want = [...new Set(kept.map(storedForm))].sort();

      const result = results.get(name);
      expect(result).not.toBeInstanceOf(Error);
      expect(result).toMatchObject({
        sources: 1,
        pages: 1,
        listed: urls.length,
        skipped: expected.skipped,
        skippedReasons: expected.reasons,
        dropped: urls.length - kept.length,
        inserted: want.length,
        failedSources: [],
      });
      expect(stored.get(name)).toEqual(want);
      // Health counts what was skipped or refused, by reason.
      const rejected = (result as CrawlResult).rejected;
      expect(rejected.count).toBe(expected.skipped + urls.length - kept.length);
      for (const [reason, count] of Object.entries(expected.reasons)) expect(rejected.reasons).toContainEqual(expect.objectContaining({ reason, count }));
      for (const url of stored.get(name) ?? []) {
        expect(url).not.toMatch(/[?&](user|pwd|u|p)=|@|&amp;|,\d+$/);
      }
    });
  }

  it('label,url,30,30 lines store the URL alone, with &amp; read as &', () => {
    expect(stored.get('text_labelurl_extra_az0977776_streams.txt')).toEqual([
      'http://120.50.0.21/img/video.mjpeg',
      'http://120.50.14.3/img/video.mjpeg',
      'http://216.239.175.35:8090/cgi-bin/camera?resolution=640&quality=1&Language=0&1578595320',
      'http://89.135.122.113:83/img/video.mjpeg',
    ]);
    expect(stored.get('text_labelurl_extra_az0977776_test.txt')).toContain('http://68.116.13.142:82/mjpg/video.mjpg');
  });

  it('an EverySunset camera takes the label above it: its title, its town and the region before it (not the 5° grid cell)', async () => {
    await subject.app.db.query('TRUNCATE cameras');
    await sources.save([urlOf('text_everysunset_webcams.txt')]);
    await job.run();
    const rows = await subject.app.db.query<{ url: string; title: string | null; city: string | null; country: string | null; lat: number | null }>(
      'SELECT url, title, city, country, ST_Y(geom) AS lat FROM cameras',
    );
    const lines = read('text_everysunset_webcams.txt').split(/\r?\n/);
    const ottawa = lines.findIndex((line) => line.includes('Ontario, Ottawa"'));
    expect(lines[ottawa + 1]).toMatch(BARE_URL);
    expect(rows.rows.find((row) => row.url === storedForm(lines[ottawa + 1]!.trim()))).toMatchObject({
      title: 'Nordamerika, Kanada, Ontario, Ottawa',
      city: 'Ottawa',
      country: 'Ontario',
      lat: null,
    });
    // Every label above a URL alone that names a place: 3 or 4 parts, the town last.
    const labelled = rows.rows.filter((row) => row.city !== null);
    expect(labelled.length).toBeGreaterThanOrEqual(100);
    expect(rows.rows.filter((row) => /nowebcam/.test(row.url))).toEqual([]);
  });

  it('the user=java&pwd=java camera of the EverySunset list is stored without them', () => {
    const listed = listedEntries('text_everysunset_webcams.txt').find((entry) => entry?.includes('pwd=java'));
    expect(listed).toBeTruthy();
    const url = stored.get('text_everysunset_webcams.txt')?.find((candidate) => candidate.startsWith(new URL(listed!).origin + new URL(listed!).pathname));
    expect(url).toBeDefined();
    expect(url).not.toMatch(/java/);
  });

  it('the map of "State, US" to URL keeps each place for the geocoder', async () => {
    // The last run was another file's: crawl the map again and look at its rows.
    await subject.app.db.query('TRUNCATE cameras');
    await sources.save([urlOf('json_mjpeglinks_ratemypraxis.json')]);
    await job.run();
    const places = await subject.app.db.query<{ url: string; city: string | null; country: string | null; title: string | null }>(
      'SELECT url, city, country, title FROM cameras',
    );
    const map = JSON.parse(read('json_mjpeglinks_ratemypraxis.json')) as Record<string, string | string[]>;
    const placeOf = (url: string) => places.rows.find((row) => row.url === storedForm(url));
    expect(placeOf(map['Alabama, US'] as string)).toMatchObject({ city: 'Alabama', country: 'US', title: 'Alabama, US' });
    // New York lists four cameras: each keeps the place.
    expect(map['New York, US']).toHaveLength(4);
    for (const url of map['New York, US'] as string[]) expect(placeOf(url)).toMatchObject({ city: 'New York', country: 'US' });
    expect(places.rows).toHaveLength(new Set(Object.values(map).flat().map(storedForm)).size);
  });

  // Directories that give nothing to keep: a failed run whose message names the reason.
  const FAILING: Record<string, { reason: RegExp; skipped: number; reasons: Record<string, number> }> = {
    // 320 `ip:port` lines: no scheme, no path — not a camera address.
    'text_insecam_ipport_L3-X.txt': { reason: /nothing usable: all 320 entries of the text list skipped \(host:port without a scheme or path: 320\)/, skipped: 320, reasons: { 'host:port without a scheme or path': 320 } },
    // `<item><title>…<link>…m3u8` blocks in a .txt: 339 lines of markup.
    'xmlish_volvoxtv_webcams.txt': { reason: /nothing usable: all 339 entries of the text list skipped \(markup line, not a list entry: 339\)/, skipped: 339, reasons: { 'markup line, not a list entry': 339 } },
    // A saved "Select camera by city" page: Insecam HTML with no camera blocks.
    'html_insecam_bycity_index_gcijuentes.html': { reason: /nothing usable: no camera entries in the html answer \(no \.thumbnail-item blocks\)/, skipped: 0, reasons: {} },
  };

  for (const [name, expected] of Object.entries(FAILING)) {
    it(`${name}: the run fails, saying why, and stores nothing`, () => {
      const lines = read(name).split(/\r?\n/).filter((line) => line.trim() !== '');
      if (name.endsWith('.txt')) expect(lines).toHaveLength(expected.skipped);
      const result = results.get(name);
      expect(result).toBeInstanceOf(Error);
      expect((result as Error).message).toMatch(/^every camera source failed: /);
      expect((result as Error).message).toMatch(expected.reason);
      expect(stored.get(name)).toEqual([]);
    });
  }

  it('through the app: a directory with nothing usable is a failed cameras run, its reason in health', async () => {
    const saved = await subject.app.inject({
      method: 'PUT',
      url: '/api/cameras/sources',
      headers: authorized,
      payload: { sources: [urlOf('text_insecam_ipport_L3-X.txt')] },
    });
    expect(saved.statusCode).toBe(200);
    const run = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(502);
    expect(run.json().error).toMatchObject({ code: 'job_failed' });
    expect(run.json().error.message).toMatch(/host:port without a scheme or path: 320/);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.pipelines.cameras.lastError).toMatch(/nothing usable: all 320 entries of the text list skipped/);
    // The skipped lines are counted in health too, with where the first ones were.
    expect(health.pipelines.cameras.lastRejected).toMatchObject({ count: 320 });
    expect(health.pipelines.cameras.lastRejected.reason).toMatch(
      /^320 skipped: host:port without a scheme or path \(320, e\.g\. text_insecam_ipport_L3-X\.txt line 1, text_insecam_ipport_L3-X\.txt line 2/,
    );
  });
});
