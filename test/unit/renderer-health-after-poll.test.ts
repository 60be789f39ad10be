import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../server/health/health-schemas.js';
import { healthAfterPoll } from '../../renderer/src/data/health-after-poll.js';

/** A report whose fires pipeline last succeeded at `at`, with the keys' storage named `storage`. */
function report(at: string, storage: string): HealthReport {
  const fires = { lastSuccessAt: at, ageSeconds: 0, expectedIntervalSeconds: 900, stale: false, lastError: null, lastErrorAt: null, reason: null, unreachable: false, failing: false, firstRunPending: false, rejected: 0, lastRejected: null };
  return { status: 'ok', pipelines: { fires }, keys: { storage } } as unknown as HealthReport;
}

describe('what a poll of health puts in place', () => {
  const tick = report('2026-11-29T10:15:00Z', 'keychain');
  const poll = report('2026-11-29T10:00:00Z', 'file');

  it('is the poll’s report when no live tick came while it was asked', () => {
    expect(healthAfterPoll(tick, poll, 3, 3)).toBe(poll);
  });

  it('keeps a newer live tick’s freshness, and takes the rest from the poll', () => {
    const kept = healthAfterPoll(tick, poll, 3, 4);
    expect(kept.pipelines).toBe(tick.pipelines);
    expect((kept as unknown as { keys: { storage: string } }).keys.storage).toBe('file');
  });
});
