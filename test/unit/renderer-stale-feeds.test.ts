import { describe, expect, it } from 'vitest';
import type { PipelineFreshness } from '../../renderer/src/api/api-types.js';
import { failingNewsFeedsWords, feedName, freshFeedsWords, freshnessWords, noDataReason, outOfReachNote, staleFeeds, summariesDigestWords } from '../../renderer/src/ui/hud/stale-feeds.js';

function feed(overrides: Partial<PipelineFreshness>): PipelineFreshness {
  return {
    lastSuccessAt: '2026-11-27T02:00:00Z',
    ageSeconds: 600,
    expectedIntervalSeconds: 900,
    stale: false,
    lastError: null,
    lastErrorAt: null,
    reason: null,
    unreachable: false,
    failing: false,
    firstRunPending: false,
    rejected: 0,
    lastRejected: null,
    ...overrides,
  };
}

// What the HUD's bar and brief column say of the feeds.
describe('stale and failing feeds', () => {
  it('tells a feed whose last run failed while its data is fresh from a stale one; all fresh says nothing', () => {
    const report = staleFeeds({
      fires: feed({}),
      incidents: feed({ failing: true, lastError: 'HTTP 503', reason: 'last run failed: HTTP 503' }),
      news: feed({ stale: true, failing: true, ageSeconds: 9_000, lastError: 'x', reason: 'last run failed: x' }),
      cameras: feed({ lastError: 'idle: no camera directories configured' }),
    });
    expect(report.stale.map(([name]) => name)).toEqual(['news']);
    expect(report.failing.map(([name]) => name)).toEqual(['incidents']);
    expect(report.outOfReach).toBe(false);
    expect(staleFeeds({ fires: feed({}) })).toEqual({ stale: [], failing: [], starting: [], outOfReach: false, offline: false });
  });

  it('tells a feed waiting for its first run at start from a stale one, in words too', () => {
    const waiting = feed({ lastSuccessAt: null, ageSeconds: null, firstRunPending: true, reason: 'first run not finished yet' });
    const report = staleFeeds({ fires: waiting, news: feed({}) });
    expect(report.starting.map(([name]) => name)).toEqual(['fires']);
    expect(report.stale).toEqual([]);
    expect(freshnessWords(waiting)).toBe('starting: first run not finished yet');
  });

  it('is out of reach only when every stale feed could not reach its host', () => {
    const offline = feed({ stale: true, failing: true, unreachable: true });
    expect(staleFeeds({ fires: offline, news: offline }).outOfReach).toBe(true);
    expect(staleFeeds({ fires: offline, news: feed({ stale: true }) }).outOfReach).toBe(false);
  });

  it('is offline only while no feed from outside gets through: one camera directory out of reach is that source\'s fault', () => {
    const unreached = feed({ stale: true, failing: true, unreachable: true, lastErrorAt: '2026-11-27T02:09:00Z' });
    // Every feed out of reach, the app's own upkeep fresh (it needs no network): offline.
    const everyFeed = staleFeeds({ fires: unreached, news: unreached, ingester: feed({}), partitions: feed({}) });
    expect(everyFeed).toMatchObject({ outOfReach: true, offline: true });
    expect(outOfReachNote(everyFeed)).toBe(
      'Fires and news could not reach their sources: this computer may be offline. What is stored stays on the map, and the map, place search and playback work without a network. Each feed tries again on its own.',
    );
    // Aircraft came in after the camera directory's host could not be reached (or a little before): the network works.
    const aircraft = (at: string) => feed({ lastSuccessAt: at, ageSeconds: 20, expectedIntervalSeconds: 60 });
    const oneHost = staleFeeds({ cameras: unreached, aircraft: aircraft('2026-11-27T02:09:30Z'), ingester: feed({}) });
    expect(oneHost).toMatchObject({ outOfReach: true, offline: false });
    expect(outOfReachNote(oneHost)).toBe('The cameras feed could not reach its source, while other feeds get through: that host may be down or blocked on this network. It tries again on its own.');
    expect(staleFeeds({ cameras: unreached, aircraft: aircraft('2026-11-27T02:08:10Z') }).offline).toBe(false);
    // A success well before the failure tells nothing: the network may have gone since. Fires fetched at 02:00 (fresh
    // for half an hour) or a camera crawl of the morning (fresh for two days) beside aircraft cut off at 02:09.
    expect(staleFeeds({ aircraft: unreached, fires: feed({ lastSuccessAt: '2026-11-27T02:00:00Z' }) }).offline).toBe(true);
    expect(staleFeeds({ fires: unreached, cameras: feed({ lastSuccessAt: '2026-11-27T06:00:00Z', expectedIntervalSeconds: 86_400 }) }).offline).toBe(false);
    expect(staleFeeds({ fires: unreached, cameras: feed({ lastSuccessAt: '2026-11-26T09:00:00Z', expectedIntervalSeconds: 86_400 }) }).offline).toBe(true);
    // A feed that is off, waiting for its first run, or fresh but failing its last run tells nothing of the network.
    const off = feed({ lastError: 'idle: no camera directories configured' });
    expect(staleFeeds({ fires: unreached, cameras: off }).offline).toBe(true);
    expect(staleFeeds({ fires: unreached, news: feed({ lastSuccessAt: null, ageSeconds: null, firstRunPending: true }) }).offline).toBe(true);
    expect(staleFeeds({ fires: unreached, aircraft: feed({ failing: true, lastError: 'x' }) }).offline).toBe(true);
    expect(outOfReachNote(staleFeeds({ fires: unreached }))).toMatch(/^The fires feed could not reach its source: this computer may be offline\./);
    // Stale for another reason: neither.
    expect(outOfReachNote(staleFeeds({ fires: unreached, news: feed({ stale: true }) }))).toBeNull();
  });

  it('says a feed in words: stale and why, off and why (never "fresh, never"), fresh with a failed last run', () => {
    expect(freshnessWords(feed({ stale: true, reason: 'has not run successfully yet', ageSeconds: null, lastSuccessAt: null }))).toBe('stale: has not run successfully yet');
    expect(freshnessWords(feed({ ageSeconds: null, lastSuccessAt: null, lastError: 'idle: no camera directory yet: switch on an official one or add your own' }))).toBe(
      'off: no camera directory yet: switch on an official one or add your own',
    );
    expect(freshnessWords(feed({ failing: true, reason: 'last run failed: HTTP 503' }))).toBe('fresh, 10 min ago; last run failed: HTTP 503');
    expect(freshnessWords(feed({}))).toBe('fresh, 10 min ago');
  });
});

describe("a feed's name on screen", () => {
  it('says the ingester as what it does for the analyst, and the sources by their own names', () => {
    expect(feedName('ingester')).toBe('live updates');
    expect(feedName('partitions')).toBe('storage upkeep');
    expect(feedName('fires')).toBe('fires');
    expect(feedName('summaries')).toBe('summaries');
  });
});

// A 0 beside a feed that never delivered reads "–" in the HUD and the Layers tab: why, in words.
describe('a feed that has delivered nothing yet', () => {
  const never = { lastSuccessAt: null, ageSeconds: null };

  it('says why while the feed never succeeded: out of reach, first run pending, or not run yet', () => {
    const offline = 'unreachable: firms.modaps.eosdis.nasa.gov could not be reached';
    expect(noDataReason(feed({ ...never, stale: true, unreachable: true, lastError: offline, reason: 'out of reach: firms.modaps.eosdis.nasa.gov' }))).toBe('out of reach: firms.modaps.eosdis.nasa.gov');
    expect(noDataReason(feed({ ...never, firstRunPending: true, reason: 'first run not finished yet' }))).toBe('its first run has not finished yet');
    expect(noDataReason(feed({ ...never, stale: true }))).toBe('it has not run successfully yet');
  });

  it('says nothing once the feed has succeeded, when it is off (its layer says why), or before health is read', () => {
    expect(noDataReason(feed({}))).toBeNull();
    expect(noDataReason(feed({ failing: true, lastError: 'HTTP 503', reason: 'last run failed: HTTP 503' }))).toBeNull();
    expect(noDataReason(feed({ ...never, lastError: 'idle: no ADS-B source' }))).toBeNull();
    expect(noDataReason(undefined)).toBeNull();
  });
});

describe('the news row of the feed list', () => {
  const failing = (count: number) => ({ news: { failingFeeds: Array.from({ length: count }, (_, index) => ({ name: `Feed ${index}`, lastError: 'HTTP 503' })) } });

  it("counts the news feeds whose last attempt failed, which a fresh pipeline's words hid", () => {
    expect(failingNewsFeedsWords(failing(5))).toBe('5 of its feeds failing (Sources tab)');
    expect(failingNewsFeedsWords(failing(1))).toBe('1 of its feeds failing (Sources tab)');
    expect(failingNewsFeedsWords(failing(0))).toBeNull();
    expect(failingNewsFeedsWords({})).toBeNull();
    expect(failingNewsFeedsWords({ news: { failingFeeds: 'not a list' } })).toBeNull();
  });

  it('says on the bar that news feeds fail while every pipeline is fresh ("All feeds fresh" hid them)', () => {
    expect(freshFeedsWords(failing(5))).toEqual({ text: 'Feeds fresh · 5 news feeds failing', failing: true });
    expect(freshFeedsWords(failing(1))).toEqual({ text: 'Feeds fresh · 1 news feed failing', failing: true });
    expect(freshFeedsWords(failing(0))).toEqual({ text: 'All feeds fresh', failing: false });
    expect(freshFeedsWords({})).toEqual({ text: 'All feeds fresh', failing: false });
  });
});

// The summaries run hourly and succeed with nothing to sum up: "fresh, 10 min ago" sat beside a 13 h old digest.
describe("the summaries row's word on the digests", () => {
  const now = Date.parse('2026-11-27T02:10:00Z');
  const ran = feed({ lastSuccessAt: '2026-11-27T02:00:00Z' });
  const news = (lastSummaryAt: string | null | undefined) => ({ news: lastSummaryAt === undefined ? {} : { lastSummaryAt } });

  it('names the last digest when the runs since wrote none, or that none was ever written', () => {
    expect(summariesDigestWords(ran, news('2026-11-26T13:10:00Z'), now)).toBe('last digest written 13 h ago: no new stories since');
    expect(summariesDigestWords(ran, news(null), now)).toBe('no digest written yet: no news stories to sum up');
  });

  it('says nothing when the last run wrote one, the facts are not read, or the row says something else', () => {
    expect(summariesDigestWords(ran, news('2026-11-27T02:00:02Z'), now)).toBeNull();
    expect(summariesDigestWords(ran, news(undefined), now)).toBeNull();
    expect(summariesDigestWords(ran, {}, now)).toBeNull();
    expect(summariesDigestWords(feed({ stale: true }), news(null), now)).toBeNull();
    expect(summariesDigestWords(feed({ firstRunPending: true, lastSuccessAt: null }), news(null), now)).toBeNull();
    expect(summariesDigestWords(feed({ lastError: 'idle: no news feeds', lastSuccessAt: '2026-11-27T02:00:00Z' }), news(null), now)).toBeNull();
  });
});
