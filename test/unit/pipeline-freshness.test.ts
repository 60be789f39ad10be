import { describe, expect, it } from 'vitest';
import { describeFreshness, UNREACHABLE_PREFIX } from '../../server/pipelines/pipeline-freshness.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('pipeline freshness', () => {
  it('a pipeline that never ran is stale and says so', () => {
    const report = describeFreshness([], now);
    expect(report.fires).toMatchObject({ lastSuccessAt: null, ageSeconds: null, stale: true, reason: 'has not run successfully yet' });
    expect(Object.keys(report).sort()).toEqual(['aircraft', 'cameras', 'fires', 'incidents', 'ingester', 'news', 'partitions', 'summaries']);
  });

  it('a pipeline that never finished a run waits for its first until the grace after start ends, then is stale; a failed or idle first run is said at once', () => {
    const dueBy = new Date(now.getTime() + 60_000);
    const waiting = describeFreshness([], now, dueBy);
    expect(waiting.fires).toMatchObject({ stale: false, failing: false, firstRunPending: true, reason: 'first run not finished yet' });
    expect(describeFreshness([], dueBy, dueBy).fires).toMatchObject({ stale: true, firstRunPending: false, reason: 'has not run successfully yet' });
    // No jobs run here on their own (schedules off): nothing is coming, stale at once.
    expect(describeFreshness([], now, null).fires).toMatchObject({ stale: true, firstRunPending: false });
    const failed = describeFreshness([{ name: 'news', lastAttemptAt: now, lastSuccessAt: null, lastError: 'feed timed out', lastErrorAt: now, rejected: 0 }], now, dueBy);
    expect(failed.news).toMatchObject({ stale: true, failing: true, firstRunPending: false, reason: 'last run failed: feed timed out', lastErrorAt: now.toISOString() });
    // A success clears the error, and when it was.
    expect(describeFreshness([{ name: 'news', lastAttemptAt: now, lastSuccessAt: now, lastError: null, lastErrorAt: null, rejected: 0 }], now, dueBy).news.lastErrorAt).toBeNull();
    const idle = describeFreshness([{ name: 'cameras', lastAttemptAt: now, lastSuccessAt: null, lastError: 'idle: no camera directory', lastErrorAt: now, rejected: 0 }], now, dueBy);
    expect(idle.cameras).toMatchObject({ stale: false, firstRunPending: false });
  });

  it('is fresh within twice its interval and stale after', () => {
    const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
    const row = (secondsAgo: number) => ({ name: 'fires', lastAttemptAt: null, lastSuccessAt: at(secondsAgo), lastError: null, lastErrorAt: null, rejected: 0 });
    expect(describeFreshness([row(1800)], now).fires).toMatchObject({ ageSeconds: 1800, stale: false, reason: null });
    expect(describeFreshness([row(1801)], now).fires).toMatchObject({ stale: true, reason: 'last success 1801 s ago, expected every 900 s' });
  });

  it('a failing pipeline shows its last error as the reason', () => {
    const report = describeFreshness(
      [{ name: 'news', lastAttemptAt: now, lastSuccessAt: null, lastError: 'feed timed out', lastErrorAt: now, rejected: 0 }],
      now,
    );
    expect(report.news).toMatchObject({ stale: true, failing: true, lastError: 'feed timed out', reason: 'last run failed: feed timed out' });
  });

  it('a pipeline whose last run failed while its data is still within its interval is failing, not stale, and says why', () => {
    const tenMinutesAgo = new Date(now.getTime() - 600_000);
    const report = describeFreshness(
      [
        { name: 'incidents', lastAttemptAt: now, lastSuccessAt: tenMinutesAgo, lastError: 'request to https://services3.arcgis.com/x/query answered HTTP 503', lastErrorAt: now, rejected: 0 },
        { name: 'news', lastAttemptAt: now, lastSuccessAt: tenMinutesAgo, lastError: `${UNREACHABLE_PREFIX}all 5 feeds attempted failed; first error: W: request failed: host name not found (ENOTFOUND)`, lastErrorAt: now, rejected: 0 },
        { name: 'fires', lastAttemptAt: now, lastSuccessAt: tenMinutesAgo, lastError: null, lastErrorAt: null, rejected: 0 },
      ],
      now,
    );
    // The reason names the host alone; the whole error keeps the address.
    expect(report.incidents).toMatchObject({ stale: false, failing: true, unreachable: false, reason: 'last run failed: request to services3.arcgis.com answered HTTP 503' });
    expect(report.incidents.lastError).toBe('request to https://services3.arcgis.com/x/query answered HTTP 503');
    const withCredentials = describeFreshness([{ name: 'incidents', lastAttemptAt: now, lastSuccessAt: null, lastError: 'request to https://user:secret@example.org:8443/query?token=abc answered HTTP 401', lastErrorAt: now, rejected: 0 }], now);
    expect(withCredentials.incidents.reason).toBe('last run failed: request to example.org:8443 answered HTTP 401');
    // Punctuation after an address is the sentence's.
    const punctuated = describeFreshness([{ name: 'news', lastAttemptAt: now, lastSuccessAt: null, lastError: 'feed https://a.example/rss.xml: HTTP 500; failed (https://b.example/x), retry', lastErrorAt: now, rejected: 0 }], now);
    expect(punctuated.news.reason).toBe('last run failed: feed a.example: HTTP 500; failed (b.example), retry');
    expect(report.news).toMatchObject({ stale: false, failing: true, unreachable: false, reason: 'could not reach its sources: host name not found' });
    expect(report.fires).toMatchObject({ stale: false, failing: false, reason: null });
  });

  it('a source whose last run was idle (not set up, or switched off) is not stale, before or after a success', () => {
    const idle = (lastSuccessAt: Date | null) => ({ name: 'cameras', lastAttemptAt: now, lastSuccessAt, lastError: 'idle: no camera directories configured', lastErrorAt: now, rejected: 0 });
    expect(describeFreshness([idle(null)], now).cameras).toMatchObject({ stale: false, failing: false, reason: null, lastError: 'idle: no camera directories configured' });
    expect(describeFreshness([idle(new Date(now.getTime() - 30 * 86_400_000))], now).cameras).toMatchObject({ stale: false, reason: null });
    // An error that merely mentions idleness is still an error.
    const failing = { ...idle(null), lastError: 'upstream idle: timed out' };
    expect(describeFreshness([failing], now).cameras).toMatchObject({ stale: true });
  });

  it('a feed none of whose requests reached its host says which host and why, in a line, and is marked unreachable', () => {
    const failed = (name: string, lastError: string) => ({ name, lastAttemptAt: now, lastSuccessAt: null, lastError, lastErrorAt: now, rejected: 0 });
    // What the sources store on a computer with no network (bounded-fetch.ts and feed-fetcher.ts words), marked by the
    // job runner as none of the requests reached the host.
    const firmsFile = (file: string, folder: string) =>
      `${file}: request to https://firms.modaps.eosdis.nasa.gov/data/active_fire/${folder}/csv/${file} failed: host name not found (ENOTFOUND)`;
    const fires = [firmsFile('SUOMI_VIIRS_C2_Global_24h.csv', 'suomi-npp-viirs-c2'), firmsFile('J1_VIIRS_C2_Global_24h.csv', 'noaa-20-viirs-c2')].join('; ');
    const report = describeFreshness(
      [
        failed('fires', `${UNREACHABLE_PREFIX}${fires}`),
        failed('aircraft', `${UNREACHABLE_PREFIX}every ADS-B aggregator request failed (1 of 1): request to https://api.adsb.lol/v2/type/CL2T,CL4T,S2T failed: host name lookup failed (EAI_AGAIN)`),
        failed('news', `${UNREACHABLE_PREFIX}all 257 feeds attempted failed; first error: UPI Top News: request failed: connection refused (ECONNREFUSED)`),
        failed('incidents', `${UNREACHABLE_PREFIX}request to https://user:secret@example.org:8443/query failed: network unreachable (ENETUNREACH)`),
        // Not marked: some request reached its host (an HTTP 403 beside a dead feed's ENOTFOUND). The whole error stays
        // the reason, and the feed is not "out of reach".
        failed('cameras', 'request to https://cams.example.org/list answered HTTP 403; request to https://gone.example.org/ failed: host name not found (ENOTFOUND)'),
      ],
      now,
    );
    expect(report.fires).toMatchObject({ stale: true, unreachable: true, reason: 'could not reach firms.modaps.eosdis.nasa.gov: host name not found', lastError: fires });
    expect(report.aircraft).toMatchObject({ unreachable: true, reason: 'could not reach api.adsb.lol: host name lookup failed' });
    expect(report.news).toMatchObject({ unreachable: true, reason: 'could not reach its sources: connection refused' });
    // No credentials of an address reach the reason.
    expect(report.incidents).toMatchObject({ unreachable: true, reason: 'could not reach example.org:8443: network unreachable' });
    expect(report.cameras).toMatchObject({ unreachable: false, reason: 'last run failed: request to cams.example.org answered HTTP 403; request to gone.example.org failed: host name not found (ENOTFOUND)' });
    // A pipeline that never ran, or is fresh, is not unreachable.
    expect(report.summaries.unreachable).toBe(false);
  });
});
