import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../server/health/health-schemas.js';
import type { KeyEntry } from '../../server/keys/key-schemas.js';
import { describeSources } from '../../server/source-settings/source-status.js';

const pipeline = { lastSuccessAt: '2026-11-27T02:00:00.000Z', ageSeconds: 600, expectedIntervalSeconds: 3600, stale: false, lastError: null, lastErrorAt: null, reason: null, unreachable: false, failing: false, rejected: 0, lastRejected: null };

type ModelFacts = { available: boolean; lastError?: string | null };

function report(failingFeeds: Array<{ name: string }>, lastSummaryAt: string | null = null, model: ModelFacts = { available: false }): HealthReport {
  const names = ['fires', 'incidents', 'aircraft', 'cameras', 'news', 'summaries', 'ingester'];
  return {
    pipelines: Object.fromEntries(names.map((name) => [name, pipeline])),
    sources: { news: { failingFeeds, model, lastSummaryAt }, aircraft: { mode: 'aggregator' } },
    notifications: { telegram: { lastSuccessAt: null, lastError: null } },
  } as unknown as HealthReport;
}

const newsRow = (failingFeeds: Array<{ name: string }>) =>
  describeSources({ report: report(failingFeeds), keys: [], settings: [], jobs: ['news'] }).find((row) => row.id === 'news');

// The Sources tab's news row: health lists the feeds that fail on every run; the row names them.
describe('the news source row', () => {
  it('names the failing feeds beside "Working", at most three, and says when they are tried again', () => {
    expect(newsRow([])).toMatchObject({ state: 'working', stateText: 'Working', todo: null });
    const five = ['UPI Top News', 'Al Jazeera', 'Kyiv Post', 'Reuters World', 'Le Monde'].map((name) => ({ name }));
    expect(newsRow(five)).toMatchObject({ state: 'working', stateText: 'Working; 5 feeds failing: UPI Top News, Al Jazeera, Kyiv Post and 2 more' });
    expect(newsRow(five)?.todo).toMatch(/tried again after 2, 4, 8/);
    expect(newsRow([{ name: 'UPI Top News' }])?.stateText).toBe('Working; 1 feed failing: UPI Top News');
  });
});

// The summaries' row: a run with no stories succeeds and writes nothing, so its "last success" is the newest digest.
describe('the summaries source row', () => {
  const summariesRow = (lastSummaryAt: string | null, keyed: boolean, model?: ModelFacts) =>
    describeSources({
      report: report([], lastSummaryAt, model),
      keys: keyed ? [{ provider: 'llm', label: 'language-model key', configured: true } as KeyEntry] : [],
      settings: [],
      jobs: ['summaries'],
    }).find((row) => row.id === 'summaries');

  it('gives the newest digest written as its last success, not the newest run', () => {
    expect(summariesRow('2026-11-27T01:00:00.000Z', true)).toMatchObject({ state: 'working', stateText: 'Working', lastSuccessAt: '2026-11-27T01:00:00.000Z' });
    expect(summariesRow('2026-11-27T01:00:00.000Z', false)).toMatchObject({ state: 'not-set-up', lastSuccessAt: '2026-11-27T01:00:00.000Z' });
  });

  it('says no digest is written yet while none is, whatever its runs did', () => {
    expect(summariesRow(null, true)).toMatchObject({ state: 'working', stateText: 'Working; no digest yet: the next run writes one if news stories have come in', lastSuccessAt: null });
    expect(summariesRow(null, false)).toMatchObject({ state: 'not-set-up', stateText: expect.stringMatching(/^Not set up: digests are extractive/), lastSuccessAt: null });
  });

  it('with a model set up, says when the last digest was written without it, and why (it read "Working")', () => {
    const refused = { available: false, lastError: 'api.openai.com refused the key (HTTP 401)' };
    expect(summariesRow('2026-11-27T01:00:00.000Z', true, refused)).toMatchObject({
      state: 'failing',
      stateText: 'Working without the model: api.openai.com refused the key (HTTP 401); digests are extractive (the leading sentences of the top stories)',
      todo: expect.stringMatching(/^Test the language-model key in the Keys tab/),
    });
    // The model answered last: "Working".
    expect(summariesRow('2026-11-27T01:00:00.000Z', true, { available: true, lastError: 'an older failure' })).toMatchObject({ state: 'working', stateText: 'Working' });
    // No model set up: "Not set up", whatever the model's row says.
    expect(summariesRow('2026-11-27T01:00:00.000Z', false, refused)).toMatchObject({ state: 'not-set-up' });
  });
});
