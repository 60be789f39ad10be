// The feeds health calls stale, and whether none of them reached its source's host (what every feed says on a
// computer with no network) while no other feed gets through, and those whose last run failed before their data went
// stale: read alike by the HUD's bar and its brief column.
import type { PipelineFreshness } from '../../api/api-types.js';
import { sentenceCase } from '../../format/sentence-case.js';
import { formatAge } from '../../format/time-format.js';

const NAMES_IN_WORDS = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

// How the job runner records a run with nothing to do (server/pipelines/pipeline-freshness.ts IDLE_PREFIX).
const IDLE_PREFIX = 'idle: ';

// Health's pipeline names that are the app's own machinery, said as what they do for the analyst.
const FEED_NAMES: Readonly<Record<string, string>> = { ingester: 'live updates', partitions: 'storage upkeep' };

/** A feed's name on screen: health's pipeline name, or what it does when the name is internal ("ingester"). */
export function feedName(pipeline: string): string {
  return FEED_NAMES[pipeline] ?? pipeline;
}

/** Why a feed is off (a source not set up, or switched off), or null when it is not. */
export function offReason(pipeline: PipelineFreshness | undefined): string | null {
  return pipeline?.lastError?.startsWith(IDLE_PREFIX) ? pipeline.lastError.slice(IDLE_PREFIX.length) : null;
}

/**
 * Why a feed has delivered nothing yet (it never succeeded and is not off), or null once it has (or while health is
 * not read, or when it is off: its layer says "Off" and why). A 0 beside it would read as "none there".
 */
export function noDataReason(pipeline: PipelineFreshness | undefined): string | null {
  if (!pipeline || pipeline.lastSuccessAt !== null || offReason(pipeline) !== null) return null;
  if (pipeline.firstRunPending) return 'its first run has not finished yet';
  return pipeline.reason ?? 'it has not run successfully yet';
}

/** One feed in words: stale and why, off (a source not set up) and why, or fresh, how long ago, and a failed last run. */
export function freshnessWords(pipeline: PipelineFreshness): string {
  if (pipeline.stale) return `stale: ${pipeline.reason ?? 'no recent success'}`;
  const off = offReason(pipeline);
  if (off !== null) return `off: ${off}`;
  if (pipeline.firstRunPending) return `starting: ${pipeline.reason ?? 'first run not finished yet'}`;
  return `fresh, ${formatAge(pipeline.ageSeconds)}${pipeline.failing ? `; ${pipeline.reason ?? 'last run failed'}` : ''}`;
}

// The feeds that fetch from outside (health's other pipelines are the app's own work and need no network).
const OUTSIDE_FEEDS: ReadonlySet<string> = new Set(['fires', 'incidents', 'aircraft', 'cameras', 'news']);

// How long before the latest failure a success may have come and still show the network works: a minute's aircraft
// poll a little before a crawl that could not reach its host. Longer, and a fire list fetched before the cable was
// pulled (every 15 min) would hold off "No network" until its own next run failed.
const SUCCESS_BEFORE_FAILURE_MS = 120_000;

/**
 * A feed from outside whose last run succeeded around or after the latest failure of the feeds out of reach (`since`,
 * epoch ms): the network works, and those hosts alone are out of reach. A feed merely fresh tells nothing: a camera
 * crawl of this morning stays fresh for two days after the network is gone.
 */
function getsThrough([name, pipeline]: [string, PipelineFreshness], since: number): boolean {
  if (!OUTSIDE_FEEDS.has(name) || pipeline.stale || pipeline.failing || pipeline.firstRunPending || offReason(pipeline) !== null || pipeline.lastSuccessAt === null) return false;
  const slack = Math.min(pipeline.expectedIntervalSeconds * 1000, SUCCESS_BEFORE_FAILURE_MS);
  return Date.parse(pipeline.lastSuccessAt) >= since - slack;
}

/** The latest failed run of these feeds (epoch ms; 0 when none says when). */
function latestFailure(feeds: ReadonlyArray<[string, PipelineFreshness]>): number {
  return Math.max(0, ...feeds.map(([, pipeline]) => (pipeline.lastErrorAt ? Date.parse(pipeline.lastErrorAt) : 0)));
}

export function staleFeeds(pipelines: Record<string, PipelineFreshness>): {
  stale: Array<[string, PipelineFreshness]>;
  /** Every stale feed could not reach its source's host. */
  outOfReach: boolean;
  /**
   * Out of reach, and no feed from outside gets through: the computer may be offline. With others getting through
   * (one camera directory's host down or blocked), the fault is that source's, not the network's.
   */
  offline: boolean;
  /** Feeds whose last run failed while their data is still within its interval (not stale yet). */
  failing: Array<[string, PipelineFreshness]>;
  /** Feeds the app started moments ago whose first run has not finished: neither fresh nor stale yet. */
  starting: Array<[string, PipelineFreshness]>;
} {
  const stale = Object.entries(pipelines).filter(([, pipeline]) => pipeline.stale);
  const failing = Object.entries(pipelines).filter(([, pipeline]) => !pipeline.stale && pipeline.failing);
  const starting = Object.entries(pipelines).filter(([, pipeline]) => pipeline.firstRunPending);
  const outOfReach = stale.length > 0 && stale.every(([, pipeline]) => pipeline.unreachable);
  const since = latestFailure(stale);
  return { stale, outOfReach, offline: outOfReach && !Object.entries(pipelines).some((feed) => getsThrough(feed, since)), failing, starting };
}

/**
 * What the brief's box says above the stale feeds' reasons when all of them are out of reach: that the computer may
 * be offline and what still works, or, while other feeds get through, that those hosts may be down. Null otherwise.
 */
export function outOfReachNote(report: Pick<ReturnType<typeof staleFeeds>, 'stale' | 'outOfReach' | 'offline'>): string | null {
  const { stale, outOfReach, offline } = report;
  if (!outOfReach) return null;
  const one = stale.length === 1;
  // "Cameras could not reach its source" read as a slip: one feed is named as a feed.
  const names = one ? `The ${feedName(stale[0]![0])} feed` : sentenceCase(NAMES_IN_WORDS.format(stale.map(([name]) => feedName(name))));
  if (offline) {
    return `${names} could not reach ${one ? 'its source' : 'their sources'}: this computer may be offline. What is stored stays on the map, and the map, place search and playback work without a network. Each feed tries again on its own.`;
  }
  return `${names} could not reach ${one ? 'its source' : 'their sources'}, while other feeds get through: ${one ? 'that host' : 'those hosts'} may be down or blocked on this network. ${one ? 'It tries' : 'Each tries'} again on its own.`;
}

/**
 * "5 of its feeds failing (Sources tab)" for the news row of the feed list, from health's `sources.news.failingFeeds`
 * (null: none). The news pipeline is fresh while most feeds answer, and "All feeds fresh" hid those that do not.
 */
export function failingNewsFeedsWords(sources: Record<string, unknown>): string | null {
  const count = failingNewsFeedCount(sources);
  if (count === 0) return null;
  return `${count.toLocaleString('en')} of its feeds failing (Sources tab)`;
}

function failingNewsFeedCount(sources: Record<string, unknown>): number {
  const news = sources.news as { failingFeeds?: unknown } | undefined;
  return Array.isArray(news?.failingFeeds) ? news.failingFeeds.length : 0;
}

/**
 * The bar's words when every pipeline is fresh: "All feeds fresh", or "Feeds fresh · 5 news feeds failing" (an analyst
 * reads the bar and never opens its list, where the failing feeds were said alone).
 */
export function freshFeedsWords(sources: Record<string, unknown>): { text: string; failing: boolean } {
  const count = failingNewsFeedCount(sources);
  if (count === 0) return { text: 'All feeds fresh', failing: false };
  return { text: `Feeds fresh · ${count.toLocaleString('en')} news ${count === 1 ? 'feed' : 'feeds'} failing`, failing: true };
}

// A digest written this long before the summaries' last run is of an earlier run.
const DIGEST_OF_AN_EARLIER_RUN_MS = 5 * 60_000;

/**
 * The summaries row's word on the digests, from health's `sources.news.lastSummaryAt`, when its runs wrote none: a run
 * with no stories in its window succeeds and writes nothing, and "fresh, 10 min ago" sat beside a brief whose newest
 * digest was 13 h old. Null while the row says something else (stale, off, starting), or when the facts are not read.
 */
export function summariesDigestWords(pipeline: PipelineFreshness, sources: Record<string, unknown>, now = Date.now()): string | null {
  if (pipeline.stale || pipeline.firstRunPending || offReason(pipeline) !== null || pipeline.lastSuccessAt === null) return null;
  const written = (sources.news as { lastSummaryAt?: unknown } | undefined)?.lastSummaryAt;
  if (written === null) return 'no digest written yet: no news stories to sum up';
  if (typeof written !== 'string') return null;
  if (Date.parse(pipeline.lastSuccessAt) - Date.parse(written) < DIGEST_OF_AN_EARLIER_RUN_MS) return null;
  return `last digest written ${formatAge(Math.max(0, Math.round((now - Date.parse(written)) / 1000)))}: no new stories since`;
}
