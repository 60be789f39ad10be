// The public ADS-B aggregator (ADSB_AGGREGATOR_URL, no key), read when no ADSB_URL is set. Each run asks:
// - `/v2/type/{t1,t2,…}` for the firefighting and dual-use type codes of resources/firefighting-aircraft.json (the v2
//   APIs take a comma-separated list: adsb.lol documents `/v2/type/<type[,type,...]>`, airplanes.live "one of the
//   specified ICAO type codes");
// - `/v2/point/{lat}/{lon}/{radius nm}` around the busiest cells of active incidents and recent fires (PostGIS
//   gathers them, aircraft-area-repository.ts), at most ADSB_AGGREGATOR_MAX_POINTS, radius ≤ 250 nm.
// Requests go one at a time through a slot that keeps 1/ADSB_AGGREGATOR_RATE seconds between one answer and the next
// request (so the gap holds on the wire, across runs too). An aircraft in several answers is read once.
import { readFileSync } from 'node:fs';
import { holdoffFor, type Holdoff, stillHeld } from '../clock-holdoff.js';
import { z } from 'zod';
import { FetchError, type FetchedText, fetchText } from '../http/bounded-fetch.js';
import { SpacedSlot } from '../http/spaced-slot.js';
import { isUnreachable, markedUnreachable } from '../http/network-failure.js';
import { RejectionTally, type RejectedRecords } from '../pipelines/rejection-tally.js';
import type { AircraftPosition } from './adsb-feed.js';
import type { AircraftAreaRepository, WatchArea } from './aircraft-area-repository.js';
import { aircraftCredit } from './aircraft-attribution.js';
import { type AggregatorSettings, MAX_POINT_RADIUS_NM } from './aircraft-settings.js';
import { type AircraftSource, parseAdsbAnswer, type SourceRead } from './aircraft-source.js';
import { FIREFIGHTING_LIST_FILE } from './firefighting-identifier.js';

/** Type codes per `/v2/type/` request (the list's 26 codes fit one; a longer list is split). */
export const TYPES_PER_REQUEST = 32;
const TIMEOUT_MS = 20_000;
/** A worldwide type answer or a 250 nm circle over busy airspace is a few MB; more is not an aggregator answer. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
/** How long to hold off after a 429 that names no Retry-After. */
const DEFAULT_BACKOFF_MS = 60_000;
/**
 * The longest a 429 holds polling off. Aggregators' limits reset within minutes; a longer Retry-After (1e12 s, a
 * date in 9999) would stop aircraft for good or overflow a Date, and asking again an hour on costs one request.
 */
const MAX_BACKOFF_MS = 3_600_000;

const typeListSchema = z.object({ typeCodes: z.record(z.string(), z.string()), dualUseTypes: z.record(z.string(), z.string()) });

/** Every type code of the shipped list: the dedicated types, then the dual-use ones, as the file lists them. */
export function firefightingTypeCodes(file: URL = FIREFIGHTING_LIST_FILE): string[] {
  const list = typeListSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return [...new Set([...Object.keys(list.typeCodes), ...Object.keys(list.dualUseTypes)].map((code) => code.trim().toUpperCase()))];
}

export function typePaths(typeCodes: readonly string[], perRequest = TYPES_PER_REQUEST): string[] {
  const paths: string[] = [];
  for (let start = 0; start < typeCodes.length; start += perRequest) {
    paths.push(`/v2/type/${typeCodes.slice(start, start + perRequest).map(encodeURIComponent).join(',')}`);
  }
  return paths;
}

export interface PointQuery {
  latitude: number;
  longitude: number;
  /** Whole nautical miles (adsb.lol takes an integer), at most 250. */
  radiusNm: number;
  incidents: number;
  fires: number;
}

/** A cell's centre, reaching `marginNm` beyond its farthest incident or fire. */
export function pointQuery(area: WatchArea, marginNm: number): PointQuery {
  const round = (degrees: number) => Number(degrees.toFixed(4)) || 0;
  return {
    latitude: round(area.latitude),
    longitude: round(area.longitude),
    radiusNm: Math.min(MAX_POINT_RADIUS_NM, Math.ceil(area.spreadNm + marginNm)),
    incidents: area.incidents,
    fires: area.fires,
  };
}

export function pointPath(point: PointQuery): string {
  return `/v2/point/${point.latitude}/${point.longitude}/${point.radiusNm}`;
}

function addressOf(entry: unknown): string | null {
  const hex = (entry as { hex?: unknown } | null)?.hex;
  return typeof hex === 'string' ? hex.toLowerCase() : null;
}

/** Seconds (or an HTTP date) of a Retry-After header, in ms, at most MAX_BACKOFF_MS. */
function retryAfterMs(header: string | null): number {
  if (!header) return DEFAULT_BACKOFF_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(MAX_BACKOFF_MS, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.min(MAX_BACKOFF_MS, Math.max(0, date - Date.now())) : DEFAULT_BACKOFF_MS;
}

interface FailedRequest {
  path: string;
  error: string;
  /** The request never reached the aggregator (network-failure.ts). */
  unreachable?: boolean;
}

interface RunSummary {
  at: string;
  requests: number;
  points: number;
  failed: FailedRequest[];
  received: number;
}

export class AggregatorAircraftSource implements AircraftSource {
  readonly mode = 'aggregator';
  private readonly slot: SpacedSlot;
  private readonly typeCodes: string[];
  private backoff: Holdoff | null = null;
  private lastRun: RunSummary | null = null;

  constructor(
    private readonly settings: AggregatorSettings,
    private readonly areas: AircraftAreaRepository,
    typeCodes: readonly string[] = firefightingTypeCodes(),
  ) {
    this.typeCodes = [...typeCodes];
    this.slot = new SpacedSlot(Math.ceil(1000 / settings.requestsPerSecond));
  }

  /** One request through the slot: it keeps the slot for the spacing after the answer. */
  private request(path: string): Promise<FetchedText> {
    return this.slot.run(() => fetchText(`${this.settings.url}${path}`, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES, headers: { accept: 'application/json' } }));
  }

  async read(): Promise<SourceRead> {
    if (stillHeld(this.backoff, Date.now())) {
      throw new Error(`ADS-B aggregator ${this.settings.url} asked to slow down (HTTP 429); no request before ${new Date(this.backoff.until).toISOString()}`);
    }
    const areas = await this.areas.watchAreas(new Date(Date.now() - this.settings.fireHours * 3_600_000), this.settings.maxPoints);
    const points = areas.map((area) => pointQuery(area, this.settings.radiusNm));
    const queries = [...typePaths(this.typeCodes).map((path) => ({ path, around: false })), ...points.map((point) => ({ path: pointPath(point), around: true }))];

    const positions: AircraftPosition[] = [];
    const tally = new RejectionTally();
    const seen = new Set<string>();
    const nearFires = new Set<string>();
    const failed: FailedRequest[] = [];
    let answered = 0;
    let duplicates = 0;
    let skipped = 0;
    for (const query of queries) {
      const what = `ADS-B aggregator ${this.settings.url}${query.path}`;
      let response: FetchedText;
      try {
        response = await this.request(query.path);
      } catch (error) {
        failed.push({ path: query.path, error: error instanceof FetchError ? error.message : `${what}: ${(error as Error).message}`, unreachable: isUnreachable(error) });
        continue;
      }
      if (response.status === 429) {
        this.backoff = holdoffFor(Date.now(), retryAfterMs(response.headers.get('retry-after')));
        failed.push({ path: query.path, error: `${what} answered HTTP 429 (too many requests); the rest of this run is skipped` });
        break;
      }
      let body: unknown;
      try {
        // Parsed twice on purpose: once to drop aircraft already read from an earlier answer, then by the feed reader.
        body = JSON.parse(response.status < 400 ? response.text : 'null');
      } catch {
        body = null;
      }
      const entries = (body as { ac?: unknown } | null)?.ac;
      if (Array.isArray(entries)) {
        const fresh = entries.filter((entry) => {
          const address = addressOf(entry);
          if (address === null) return true;
          if (query.around) nearFires.add(address);
          if (seen.has(address)) {
            duplicates += 1;
            return false;
          }
          seen.add(address);
          return true;
        });
        response = { ...response, text: JSON.stringify({ ...(body as object), ac: fresh }) };
      }
      try {
        const feed = await parseAdsbAnswer(response, what);
        answered += 1;
        positions.push(...feed.positions);
        skipped += feed.skipped;
        for (const reason of feed.rejected.reasons) mergeReason(tally, reason);
      } catch (error) {
        const message = (error as Error).message;
        const note = (body as { msg?: unknown } | null)?.msg;
        failed.push({ path: query.path, error: typeof note === 'string' && note && note !== 'No error' ? `${message} (${note.slice(0, 200)})` : message });
      }
    }
    this.lastRun = { at: new Date().toISOString(), requests: queries.length, points: points.length, failed, received: positions.length };
    if (answered === 0) {
      const first = failed[0]?.error ?? 'no request was made';
      const noneReached = failed.length > 0 && failed.every((request) => request.unreachable === true);
      throw markedUnreachable(new Error(`every ADS-B aggregator request failed (${failed.length} of ${queries.length}): ${first}`), noneReached);
    }
    const firefightingOnly = new Set([...seen].filter((address) => !nearFires.has(address)));
    return {
      format: 'readsb',
      positions,
      skipped,
      rejected: tally.toJSON(),
      firefightingOnly,
      details: { source: this.settings.url, requests: queries.length, typeCodes: this.typeCodes.length, points, duplicates, failed },
    };
  }

  async health(): Promise<Record<string, unknown>> {
    return {
      mode: this.mode,
      url: this.settings.url,
      attribution: aircraftCredit(this.settings.url, 'aggregator'),
      requestsPerSecond: this.settings.requestsPerSecond,
      maxPoints: this.settings.maxPoints,
      radiusNm: this.settings.radiusNm,
      typeCodes: this.typeCodes.length,
      backoffUntil: stillHeld(this.backoff, Date.now()) ? new Date(this.backoff.until).toISOString() : null,
      lastRun: this.lastRun,
    };
  }

  async stop(): Promise<void> {
    this.slot.clear();
  }
}

/** Adds one answer's count of a reason to the run's tally (its examples first). */
function mergeReason(tally: RejectionTally, reason: RejectedRecords['reasons'][number]): void {
  for (let index = 0; index < reason.count; index += 1) tally.add(reason.reason, reason.examples[index]);
}
