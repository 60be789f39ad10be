// What an empty summary slot of the brief says.
import { describe, expect, it } from 'vitest';
import { summaryEmptyText } from '../../renderer/src/data/summary-empty-text.js';
import { formatLocal } from '../../renderer/src/format/time-format.js';

describe('summaryEmptyText', () => {
  const due = '2026-11-27T16:15:00.000Z';
  const when = formatLocal(new Date(due));

  it('with no stories in, says a summary is written once its window holds some, and when the job runs next', () => {
    expect(summaryEmptyText(true, due, false)).toBe(`Nothing yet: written once its window holds news stories; next run ${when}.`);
    expect(summaryEmptyText(true, null, false)).toBe('Nothing yet: written once its window holds news stories.');
  });

  it('with stories in, says only that none is written yet (not that the window holds none)', () => {
    expect(summaryEmptyText(true, due, true)).toBe(`Not written yet; next run ${when}.`);
    expect(summaryEmptyText(true, null, true)).toBe('Not written yet.');
  });

  it('says so when summaries cannot be read', () => {
    expect(summaryEmptyText(false, due, true)).toBe('Not available yet.');
  });

  it('with no story in and the news feeds out of reach, says so instead of promising a run', () => {
    expect(summaryEmptyText(true, '2026-11-30T04:00:00Z', false, true)).toBe('Nothing yet: the news feeds are out of reach, so there are no stories to summarise.');
    // Stories came in before the network went: the slot waits for its run as before.
    expect(summaryEmptyText(true, null, true, true)).toBe('Not written yet.');
  });
});
