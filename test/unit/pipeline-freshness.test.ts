import { describe, expect, it } from 'vitest';
import { describeFreshness } from '../../server/pipelines/pipeline-freshness.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('pipeline freshness', () => {
  it('a pipeline that never ran is stale and says so', () => {
    const report = describeFreshness([], now);
    expect(report.fires).toMatchObject({ lastSuccessAt: null, ageSeconds: null, stale: true, reason: 'has not run successfully yet' });
    expect(Object.keys(report).sort()).toEqual(['aircraft', 'cameras', 'fires', 'incidents', 'ingester', 'news', 'summaries']);
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
    expect(report.news).toMatchObject({ stale: true, lastError: 'feed timed out', reason: 'last run failed: feed timed out' });
  });

  it('a source whose last run was idle (not set up, or switched off) is not stale, before or after a success', () => {
    const idle = (lastSuccessAt: Date | null) => ({ name: 'cameras', lastAttemptAt: now, lastSuccessAt, lastError: 'idle: no camera directories configured', lastErrorAt: now, rejected: 0 });
    expect(describeFreshness([idle(null)], now).cameras).toMatchObject({ stale: false, reason: null, lastError: 'idle: no camera directories configured' });
    expect(describeFreshness([idle(new Date(now.getTime() - 30 * 86_400_000))], now).cameras).toMatchObject({ stale: false, reason: null });
    // An error that merely mentions idleness is still an error.
    const failing = { ...idle(null), lastError: 'upstream idle: timed out' };
    expect(describeFreshness([failing], now).cameras).toMatchObject({ stale: true });
  });
});
