// What the `aircraft` job reads from: one URL set by the user (ADSB_URL: a receiver's aircraft.json or OpenSky), the
// public aggregator (aggregator-source.ts), or nothing. Each says which mode it is, for the job's result and health.
import { fetchText, type FetchedText } from '../http/bounded-fetch.js';
import type { RejectedRecords } from '../pipelines/rejection-tally.js';
import { type AircraftPosition, type ParsedFeed, parseAdsbFeedInSlices } from './adsb-feed.js';
import { nextTurn } from '../time-sliced.js';
import { aircraftCredit } from './aircraft-attribution.js';
import { type AircraftSourceMode, modeOfUrl, shownUrl } from './aircraft-settings.js';

export interface SourceRead {
  format: ParsedFeed['format'];
  positions: AircraftPosition[];
  skipped: number;
  rejected: RejectedRecords;
  /**
   * Addresses to keep only if identified as firefighting: aircraft that came from a worldwide type query (a dual-use
   * type is mostly airliners, freighters or military far from any fire) and from no query around a fire.
   */
  firefightingOnly: ReadonlySet<string>;
  /** What the source adds to the job's result (requests, points, failures). */
  details: Record<string, unknown>;
}

export interface AircraftSource {
  readonly mode: AircraftSourceMode;
  read(): Promise<SourceRead | { idle: string }>;
  /** The `aircraft` section of the health report's `sources`. */
  health(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** An answer read as JSON and as one of the ADS-B formats (in slices); `what` names the source in errors. */
export async function parseAdsbAnswer(response: FetchedText, what: string): Promise<ParsedFeed> {
  if (response.status >= 400) throw new Error(`${what} answered HTTP ${response.status}`);
  let body: unknown;
  // A worldwide answer's JSON.parse is ~30 ms of the event loop on its own: the reading of the body before it and
  // the validation after it each get a turn of their own.
  await nextTurn();
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new Error(`${what} answered something that is not JSON`);
  }
  await nextTurn();
  return parseAdsbFeedInSlices(body);
}

/** ADSB_URL: one URL read as it is, every run. */
export class UrlAircraftSource implements AircraftSource {
  readonly mode: 'receiver' | 'opensky';
  private lastRun: { at: string; format: string; received: number } | null = null;

  constructor(private readonly url: string) {
    this.mode = modeOfUrl(url);
  }

  async read(): Promise<SourceRead> {
    const response = await fetchText(this.url, { timeoutMs: 20_000, maxBytes: 50 * 1024 * 1024, headers: { accept: 'application/json' } });
    const feed = await parseAdsbAnswer(response, 'ADS-B source');
    this.lastRun = { at: new Date().toISOString(), format: feed.format, received: feed.positions.length };
    return { ...feed, firefightingOnly: new Set(), details: {} };
  }

  async health(): Promise<Record<string, unknown>> {
    return { mode: this.mode, url: shownUrl(this.url), attribution: aircraftCredit(this.url, this.mode), lastRun: this.lastRun };
  }

  async stop(): Promise<void> {}
}

/** ADSB_AGGREGATOR_URL=off and no ADSB_URL: nothing is read. */
export class IdleAircraftSource implements AircraftSource {
  readonly mode = 'off';

  constructor(private readonly reason: string) {}

  async read(): Promise<{ idle: string }> {
    return { idle: this.reason };
  }

  async health(): Promise<Record<string, unknown>> {
    return { mode: this.mode, reason: this.reason };
  }

  async stop(): Promise<void> {}
}
