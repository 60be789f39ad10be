import { describe, expect, it } from 'vitest';
import type { HealthReport, PipelineFreshness } from '../../server/health/health-schemas.js';
import { describeSources } from '../../server/source-settings/source-status.js';

const fresh: PipelineFreshness = { lastSuccessAt: '2026-11-27T02:00:00.000Z', ageSeconds: 600, expectedIntervalSeconds: 3600, stale: false, lastError: null, lastErrorAt: null, reason: null, unreachable: false, failing: false, firstRunPending: false, rejected: 0, lastRejected: null };
const error = 'all 4 files failed alike; the first: SUOMI_VIIRS_C2_Global_24h.csv: request to https://firms.modaps.eosdis.nasa.gov/x.csv failed: connection refused (ECONNREFUSED)';
const outOfReach: PipelineFreshness = { ...fresh, lastSuccessAt: null, ageSeconds: null, stale: true, failing: true, lastError: error, reason: 'could not reach firms.modaps.eosdis.nasa.gov: connection refused', unreachable: true };
const answeredBadly: PipelineFreshness = { ...outOfReach, unreachable: false, lastError: 'FIRMS answered HTTP 500', reason: 'last run failed: FIRMS answered HTTP 500' };

function firesRow(fires: PipelineFreshness) {
  const names = ['incidents', 'aircraft', 'cameras', 'news', 'summaries', 'ingester'];
  const report = {
    pipelines: { ...Object.fromEntries(names.map((name) => [name, fresh])), fires },
    sources: { news: { failingFeeds: [], model: { available: false } }, aircraft: { mode: 'aggregator' } },
    notifications: { telegram: { lastSuccessAt: null, lastError: null } },
  } as unknown as HealthReport;
  return describeSources({ report, keys: [], settings: [], jobs: ['fires'] }).find((row) => row.id === 'fires');
}

// The Sources tab's rows say "out of reach" as the HUD's box does when no request reached the host (no network): the
// settings are not what is wrong.
describe('a source out of reach', () => {
  it('reads "Out of reach" with the host and why, and is tried again: not "check the settings"', () => {
    expect(firesRow(outOfReach)).toMatchObject({
      state: 'failing',
      stateText: 'Out of reach: could not reach firms.modaps.eosdis.nasa.gov: connection refused',
      todo: expect.stringMatching(/^This computer may be offline, or the host down: it is tried again at its next run/),
      lastError: error,
    });
  });

  it('a host that answered, badly, is failing with its error', () => {
    expect(firesRow(answeredBadly)).toMatchObject({ state: 'failing', stateText: 'Failing: FIRMS answered HTTP 500' });
    expect(firesRow(answeredBadly)?.todo).not.toMatch(/offline/);
  });
});

describe('a source failing with its key in use', () => {
  it('points at the key in the Keys tab first, and says what works without it', () => {
    const names = ['incidents', 'aircraft', 'cameras', 'news', 'summaries', 'ingester'];
    const report = {
      pipelines: { ...Object.fromEntries(names.map((name) => [name, fresh])), fires: answeredBadly },
      sources: { news: { failingFeeds: [], model: { available: false } }, aircraft: { mode: 'aggregator' } },
      notifications: { telegram: { lastSuccessAt: null, lastError: null } },
    } as unknown as HealthReport;
    const firms = { provider: 'firms', label: 'FIRMS map key', configured: true, origin: 'stored', masked: '****abcd', family: null, updatedAt: null, warning: null, lastTest: null, purpose: '', getFrom: '', withoutIt: 'Fires still come from the keyless FIRMS global 24-hour files, refreshed about hourly.' } as const;
    const row = describeSources({ report, keys: [firms], settings: [], jobs: ['fires'] }).find((entry) => entry.id === 'fires');
    expect(row).toMatchObject({ state: 'failing', stateText: 'Failing: FIRMS answered HTTP 500' });
    expect(row?.todo).toBe('Check the FIRMS map key in the Keys tab, then Run now; without the key, fires still come from the keyless FIRMS global 24-hour files, refreshed about hourly.');
    // Without a key the advice stays the runs' own.
    expect(firesRow(answeredBadly)?.todo).not.toMatch(/Keys tab/);
  });
});
