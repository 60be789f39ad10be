// One crawl of the configured camera directories: fetch every page (paginated listings followed)
// through the same address guard as snapshots (judged at connect time, every redirect hop too),
// keep only public addresses, strip credentials, upsert by url_hash, place new cameras by the position the
// directory gives or else with the geocoder, and announce placed cameras on the bus (each becomes an event
// of source type `camera`).
import type { FastifyBaseLogger } from 'fastify';
import type { EventPublisher } from '../events/event-publisher.js';
import { isUnreachable, markedUnreachable } from '../http/network-failure.js';
import { UnusableAnswerError } from '../jobs/job-runner.js';
import { mapWithConcurrency } from '../map-with-concurrency.js';
import { type RejectedRecords, RejectionTally } from '../pipelines/rejection-tally.js';
import type { CameraAddressPolicy } from './camera-address-policy.js';
import { GuardedFetcher } from './guarded-fetcher.js';
import { type DirectoryFormat, type DirectoryPage, type ListedCamera, parseDirectory } from './camera-directory.js';
import type { CameraInput, CameraRepository } from './camera-repository.js';
import { cameraUrlHash, stripCredentials } from './camera-url.js';
import type { Geocoder } from './geocoder.js';
import type { HostRateLimiter } from './host-rate-limiter.js';
import { cameraEvents } from './camera-events.js';

export interface CrawlResult extends Record<string, unknown> {
  sources: number;
  pages: number;
  listed: number;
  /** Lines, blocks or entries that were not camera URLs … */
  skipped: number;
  /** … by reason (the counts add up to `skipped`). */
  skippedReasons: Record<string, number>;
  /** Entries refused by the address check (private, reserved, unresolvable, …). */
  dropped: number;
  /** Skipped and dropped entries by reason, with where the first few were: health counts them. */
  rejected: RejectedRecords;
  inserted: number;
  seenAgain: number;
  placed: number;
  /** Of `placed`: by the gazetteer (offline), by the online geocoder. */
  placedByGazetteer: number;
  placedByGeocoder: number;
  unplaceable: number;
  published: number;
  /** `host: reason` for each directory that could not be read or gave no camera that could be kept. */
  failedSources: string[];
  /** Of `failedSources`: how many never reached their host (offline, no such host). */
  unreachableSources: number;
  /** Each directory as asked for: how many cameras it gave that were kept, or why it failed. */
  sourceOutcomes: SourceOutcome[];
}

export interface SourceOutcome {
  source: string;
  kept: number;
  error: string | null;
}

interface SourceTally {
  formats: Set<DirectoryFormat>;
  listed: number;
  skipped: number;
  skippedReasons: Record<string, number>;
  kept: number;
}

function addReasons(into: Record<string, number>, from: Record<string, number>): void {
  for (const [reason, count] of Object.entries(from)) into[reason] = (into[reason] ?? 0) + count;
}

/** Why a directory that answered gave nothing to keep. */
function nothingUsable(tally: SourceTally): string {
  const format = [...tally.formats].join('/') || 'empty';
  if (tally.listed === 0 && tally.skipped === 0) {
    return `nothing usable: no camera entries in the ${format} answer${tally.formats.has('html') ? ' (no .thumbnail-item blocks)' : ''}`;
  }
  const reasons = Object.entries(tally.skippedReasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `${reason}: ${count}`)
    .join(', ');
  if (tally.listed === 0) return `nothing usable: all ${tally.skipped} entries of the ${format} list skipped (${reasons})`;
  return `nothing usable: ${tally.listed} cameras listed, every one refused by the address check${reasons ? `; ${tally.skipped} entries skipped (${reasons})` : ''}`;
}

/** Throws when every directory of the run failed (a failed run, with what was skipped counted); else the result. */
export function failIfEverySourceFailed(result: CrawlResult): CrawlResult {
  if (result.sources > 0 && result.failedSources.length === result.sources) {
    // Sources of one host failing alike are said once (two lists on one refused address read as the same error twice).
    const error = new UnusableAnswerError(`every camera source failed: ${[...new Set(result.failedSources)].join('; ')}`, result.rejected);
    // None reached: the directories are out of reach (health says so), not answering badly.
    throw markedUnreachable(error, result.unreachableSources === result.sources);
  }
  return result;
}

export interface CameraCrawlerDeps {
  cameras: CameraRepository;
  policy: CameraAddressPolicy;
  limiter: HostRateLimiter;
  /** The online geocoder, asked only for what the gazetteer cannot answer; null when GEOCODER_URL is off. */
  geocoder: Geocoder | null;
  /** The offline gazetteer (app.placeResolver), asked first once it is loaded. */
  gazetteer?: CameraGazetteer;
  publisher: EventPublisher;
  log: FastifyBaseLogger;
  maxPagesPerSource: number;
}

export interface CameraGazetteer {
  /** Whether the gazetteer is loaded: before that a camera it cannot place waits rather than being given up. */
  ready(): boolean;
  resolveParts(city: string | null, region: string | null): Promise<{ latitude: number; longitude: number } | null>;
}

const PAGE_LIMIT_BYTES = 8 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 30_000;
const PAGE_MAX_REDIRECTS = 5;
const PAGE_ACCEPT = 'text/html, application/json;q=0.9, text/plain;q=0.9, */*;q=0.1';
const PLACES_PER_RUN = 10_000;
const PUBLISH_BATCH = 500;
const ADDRESS_CHECKS_AT_ONCE = 16;

/** The same camera listed twice (two sources, or a bare line and a captioned block) keeps what either knew. */
function mergeSightings(earlier: CameraInput | undefined, later: CameraInput): CameraInput {
  if (!earlier) return later;
  return {
    ...later,
    title: later.title ?? earlier.title,
    city: later.city ?? earlier.city,
    country: later.country ?? earlier.country,
    latitude: later.latitude ?? earlier.latitude ?? null,
    longitude: later.longitude ?? earlier.longitude ?? null,
  };
}

export class CameraCrawler {
  /** Directory pages: the camera address policy decides where they may come from, the host limiter when. */
  private readonly pageFetcher: GuardedFetcher;
  /** Cameras placed since the app started, by who placed them (health shows them). */
  private readonly placedBy = { gazetteer: 0, geocoder: 0 };

  constructor(private readonly deps: CameraCrawlerDeps) {
    this.pageFetcher = new GuardedFetcher(deps.policy, deps.limiter);
  }

  /** One crawl; a run where every directory failed is a failed run (UnusableAnswerError). */
  async crawl(sources: readonly string[]): Promise<CrawlResult> {
    return failIfEverySourceFailed(await this.crawlSources(sources));
  }

  /** One crawl, answering what each directory gave even when every one failed. */
  async crawlSources(sources: readonly string[]): Promise<CrawlResult> {
    const result: CrawlResult = {
      sources: sources.length,
      pages: 0,
      listed: 0,
      skipped: 0,
      skippedReasons: {},
      dropped: 0,
      rejected: { count: 0, reasons: [] },
      inserted: 0,
      seenAgain: 0,
      placed: 0,
      placedByGazetteer: 0,
      placedByGeocoder: 0,
      unplaceable: 0,
      published: 0,
      failedSources: [],
      unreachableSources: 0,
      sourceOutcomes: [],
    };
    const found = new Map<string, CameraInput>();
    const rejected = new RejectionTally();
    await Promise.all(
      sources.map(async (source) => {
        const tally: SourceTally = { formats: new Set(), listed: 0, skipped: 0, skippedReasons: {}, kept: 0 };
        try {
          for await (const page of this.pagesOf(source)) {
            result.pages += 1;
            tally.formats.add(page.format);
            tally.listed += page.cameras.length;
            tally.skipped += page.skipped;
            addReasons(tally.skippedReasons, page.skippedReasons);
            const listing = new URL(page.url).pathname.split('/').filter(Boolean).at(-1) ?? new URL(page.url).host;
            for (const skip of page.skips) rejected.add(skip.reason, `${listing} ${skip.where}`);
            for (const camera of await this.keepPublic(page.cameras, source)) {
              if ('refused' in camera) {
                result.dropped += 1;
                rejected.add('address refused by the public-address guard', camera.refused);
              } else {
                found.set(camera.urlHash, mergeSightings(found.get(camera.urlHash), camera));
                tally.kept += 1;
              }
            }
          }
          // A directory that answers but gives nothing to keep is a failure to report, not a quiet success.
          if (tally.kept === 0) throw new Error(nothingUsable(tally));
          result.sourceOutcomes.push({ source, kept: tally.kept, error: null });
        } catch (error) {
          result.sourceOutcomes.push({ source, kept: tally.kept, error: (error as Error).message });
          result.failedSources.push(`${new URL(source).host}: ${(error as Error).message}`);
          const unreachable = isUnreachable(error);
          if (unreachable) result.unreachableSources += 1;
          // Out of reach (offline): its reason in a line, without a stack.
          this.deps.log.warn({ source: new URL(source).origin, ...(unreachable ? { reason: (error as Error).message } : { err: error }) }, 'camera source failed');
        } finally {
          result.listed += tally.listed;
          result.skipped += tally.skipped;
          addReasons(result.skippedReasons, tally.skippedReasons);
        }
      }),
    );
    const entries = [...found.values()];
    for (let start = 0; start < entries.length; start += 1000) {
      const counts = await this.deps.cameras.upsert(entries.slice(start, start + 1000));
      result.inserted += counts.inserted;
      result.seenAgain += counts.seenAgain;
    }
    Object.assign(result, await this.placePending());
    result.published = await this.publishPlaced();
    result.rejected = rejected.toJSON();
    return result;
  }

  private async *pagesOf(source: string): AsyncGenerator<DirectoryPage & { url: string }> {
    const visited = new Set<string>();
    let next: string | null = source;
    while (next && !visited.has(next) && visited.size < this.deps.maxPagesPerSource) {
      const pageUrl: string = next;
      visited.add(pageUrl);
      const answer = await this.pageFetcher.get(pageUrl, {
        timeoutMs: PAGE_TIMEOUT_MS,
        maxBytes: PAGE_LIMIT_BYTES,
        maxRedirects: PAGE_MAX_REDIRECTS,
        accept: PAGE_ACCEPT,
        screen: ({ status }) => (status >= 400 ? `directory page answered HTTP ${status}` : null),
      });
      const text = answer.body.toString('utf8');
      const page = parseDirectory(answer.headers['content-type'] ?? '', text, pageUrl);
      yield { ...page, url: pageUrl };
      // A listing on another host is not followed: a directory's pages stay on the directory.
      next = page.nextPage && new URL(page.nextPage).host === new URL(source).host ? page.nextPage : null;
    }
  }

  /** `refused` (the host) for each entry the address check refuses; the rest credential-free and hashed. */
  private async keepPublic(listed: readonly ListedCamera[], source: string): Promise<Array<CameraInput | { refused: string }>> {
    // Name lookups share libuv's few threads with file access: a long list is checked a few at a time.
    const listedBy = stripCredentials(source);
    // An official list names one image host for thousands of cameras: each scheme and host is judged once a page
    // (the connection to it is judged again when a snapshot is fetched).
    const verdicts = new Map<string, ReturnType<CameraAddressPolicy['check']>>();
    const judge = (rawUrl: string) => {
      if (!URL.canParse(rawUrl)) return this.deps.policy.check(rawUrl);
      const url = new URL(rawUrl);
      const key = `${url.protocol}//${url.host}`;
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = this.deps.policy.check(`${key}/`);
        verdicts.set(key, verdict);
      }
      return verdict;
    };
    return mapWithConcurrency(listed, ADDRESS_CHECKS_AT_ONCE, async (camera) => {
      const verdict = await judge(camera.url);
      if (!verdict.public) return { refused: new URL(camera.url).host };
      const url = stripCredentials(camera.url);
      return {
        urlHash: cameraUrlHash(url),
        url,
        title: camera.title,
        city: camera.city,
        country: camera.country,
        source: listedBy,
        latitude: camera.latitude ?? null,
        longitude: camera.longitude ?? null,
      };
    });
  }

  /** Cameras placed since the app started by the gazetteer and by the online geocoder. */
  placementCounts(): { placedByGazetteer: number; placedByGeocoder: number } {
    return { placedByGazetteer: this.placedBy.gazetteer, placedByGeocoder: this.placedBy.geocoder };
  }

  /** Pending cameras placed by the gazetteer first, then by the online geocoder (when there is one) for the rest. */
  private async placePending(): Promise<{ placed: number; placedByGazetteer: number; placedByGeocoder: number; unplaceable: number }> {
    const counts = { placed: 0, placedByGazetteer: 0, placedByGeocoder: 0, unplaceable: 0 };
    const gazetteer = this.deps.gazetteer?.ready() ? this.deps.gazetteer : null;
    let geocoderAway = false;
    for (const camera of await this.deps.cameras.pendingPlaces(PLACES_PER_RUN)) {
      const known = gazetteer ? await gazetteer.resolveParts(camera.city, camera.country) : null;
      if (known) {
        await this.deps.cameras.place(camera.id, { latitude: known.latitude, longitude: known.longitude });
        counts.placed += 1;
        counts.placedByGazetteer += 1;
        this.placedBy.gazetteer += 1;
        continue;
      }
      // Without a geocoder, what a loaded gazetteer cannot place is unplaceable; while it loads, the camera waits.
      if (!this.deps.geocoder) {
        if (gazetteer) {
          await this.deps.cameras.place(camera.id, null);
          counts.unplaceable += 1;
        }
        continue;
      }
      if (geocoderAway) continue;
      let place;
      try {
        place = await this.deps.geocoder.locate(camera.city, camera.country);
      } catch (error) {
        // The service is away: the rest it would be asked about stays pending for the next run (the gazetteer still places its own).
        this.deps.log.warn({ err: error }, 'geocoder failed; cameras stay pending');
        geocoderAway = true;
        continue;
      }
      if (place?.found && place.latitude !== null && place.longitude !== null) {
        await this.deps.cameras.place(camera.id, { latitude: place.latitude, longitude: place.longitude });
        counts.placed += 1;
        counts.placedByGeocoder += 1;
        this.placedBy.geocoder += 1;
      } else {
        await this.deps.cameras.place(camera.id, null);
        counts.unplaceable += 1;
      }
    }
    return counts;
  }

  private async publishPlaced(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.deps.cameras.unpublished(PUBLISH_BATCH);
      if (batch.length === 0) return published;
      for (const camera of batch) {
        await this.deps.publisher.publishOne(cameraEvents, {
          urlHash: camera.urlHash,
          title: (camera.title || [camera.city, camera.country].filter(Boolean).join(', ') || 'Public camera').slice(0, 500),
          city: camera.city?.slice(0, 200) ?? null,
          country: camera.country?.slice(0, 200) ?? null,
          latitude: camera.latitude,
          longitude: camera.longitude,
          source: camera.source.slice(0, 2000),
          discoveredAt: camera.firstSeenAt,
        });
      }
      await this.deps.cameras.markPublished(batch.map((camera) => camera.id));
      published += batch.length;
    }
  }
}
