import { describe, expect, it } from 'vitest';
import { describeJobAnswer } from '../../renderer/src/data/job-answer-words.js';

// What "Run now" says: answers of the real jobs, as POST /api/jobs/:name gives them.
describe('a job answer in words', () => {
  it('says the keyless fire files were not due, and that nothing new came, rather than a row of zeros', () => {
    const due = '2026-11-27T03:08:00.000Z';
    const answer = {
      status: 'done' as const,
      durationMs: 40,
      result: {
        mode: 'global-24h',
        received: 0,
        stored: 0,
        duplicate: 0,
        outsideBbox: 0,
        invalidRows: 0,
        files: { SUOMI_VIIRS_C2_Global_24h: `not due until ${due}`, J1_VIIRS_C2_Global_24h: `not due until ${due}`, MODIS_C6_1_Global_24h: 'failed: HTTP 503' },
        rejected: { count: 0, reasons: [] },
      },
    };
    expect(describeJobAnswer(answer)).toEqual({ ok: false, message: 'Done in under 0.1 s: 2 files not due until 27 Nov 03:08 UTC, 1 file failed, nothing new.' });
  });

  it('says nothing was fetched, and from when it can be, when every fire file is not due yet (not a ✓ Done)', () => {
    const due = '2026-11-30T20:46:00.000Z';
    const files = { SUOMI_VIIRS_C2_Global_24h: `not due until ${due}`, J1_VIIRS_C2_Global_24h: `not due until ${due}` };
    const answer = { status: 'done' as const, durationMs: 40, result: { mode: 'global-24h', received: 0, stored: 0, duplicate: 0, files } };
    expect(describeJobAnswer(answer)).toEqual({
      ok: true,
      waiting: true,
      message: 'Nothing fetched: 2 files not due until 30 Nov 20:46 UTC. Each was fetched recently and is not updated before then; Run now fetches it after.',
    });
    // One of them fetched: a run that did something.
    const fetched = { ...answer, result: { ...answer.result, received: 10, stored: 10, files: { ...files, J1_VIIRS_C2_Global_24h: 'downloaded' } } };
    expect(describeJobAnswer(fetched).waiting).toBeUndefined();
    expect(describeJobAnswer(fetched).message).toMatch(/^Done in under 0\.1 s: 1 file not due until 30 Nov 20:46 UTC, 1 file downloaded, /);
  });

  it('names the counts in words, leaves out the zeros and keeps every one that is not', () => {
    const news = { status: 'done' as const, durationMs: 2_400, result: { feeds: 54, attempted: 49, fetched: 44, notModified: 5, failed: 0, backedOff: 5, stored: 1_203, elapsedMs: 2400 } };
    expect(describeJobAnswer(news)).toEqual({ ok: true, message: 'Done in 2.4 s: 54 feeds, 49 attempted, 44 fetched, 5 unchanged, 5 waiting out a backoff, 1,203 stored.' });
    // Some feeds failing: done, but not a plain success.
    expect(describeJobAnswer({ ...news, result: { ...news.result, fetched: 39, failed: 5 } })).toEqual({
      ok: false,
      message: 'Done in 2.4 s: 54 feeds, 49 attempted, 39 fetched, 5 unchanged, 5 failed, 5 waiting out a backoff, 1,203 stored.',
    });
    const incidents = { status: 'done' as const, durationMs: 900, result: { received: 1_354, inserted: 0, updated: 0, repeated: 2, alerts: 0 } };
    expect(describeJobAnswer(incidents).message).toBe('Done in 0.9 s: 1,354 received, 2 repeated, nothing new.');
    const archive = { status: 'done' as const, durationMs: 300, result: { mode: 'area-api', received: 30, stored: 30, duplicate: 0, notVegetationFires: 10, invalidRows: 0 } };
    expect(describeJobAnswer(archive).message).toBe('Done in 0.3 s: 30 received, 30 stored, 10 hot spots left out (volcanoes, industry, offshore).');
    // One of a thing is said as one.
    const aircraft = { status: 'done' as const, durationMs: 200, result: { received: 1, stored: 1, trackPositions: 1, invalidRows: 1, alerts: 2 } };
    expect(describeJobAnswer(aircraft).message).toBe('Done in 0.2 s: 1 received, 1 stored, 1 track position, 1 invalid row, 2 alerts.');
    expect(describeJobAnswer({ status: 'done', result: { stories: 1, feeds: 2 } }).message).toBe('Done: 1 story, 2 feeds.');
    // A feed's entries without a position are not among those received: said so, not "19 skipped" beside 25 stored.
    const positionless = { status: 'done' as const, durationMs: 20, result: { mode: 'receiver', received: 25, skipped: 19, stored: 25 } };
    expect(describeJobAnswer(positionless).message).toBe('Done in under 0.1 s: 25 received, 19 more without a position (left out), 25 stored.');
    // Summaries: a digest written without the model that was set up is no plain success.
    const summaries = { status: 'done' as const, durationMs: 40, result: { kind: 'brief', marketMovesLeftOut: 0, stories: 36, summaryId: 9, model: 'extractive' } };
    expect(describeJobAnswer(summaries)).toEqual({ ok: true, message: 'Done in under 0.1 s: 36 stories.' });
    const notSetUp = { ...summaries, result: { ...summaries.result, modelSetUp: false, fallbackReason: 'no language-model key: add one in the Keys tab' } };
    expect(describeJobAnswer(notSetUp)).toEqual({ ok: true, message: 'Done in under 0.1 s: 36 stories.' });
    // The same digest as the last: kept, not written again.
    expect(describeJobAnswer({ ...summaries, result: { ...summaries.result, unchanged: true } }).message).toBe('Done in under 0.1 s: 36 stories, the same digest as the last, kept.');
    const refused = { ...summaries, result: { ...summaries.result, modelSetUp: true, fallbackReason: 'http://127.0.0.1:11434 unreachable: connection refused' } };
    expect(describeJobAnswer(refused)).toEqual({
      ok: false,
      message: 'Done in under 0.1 s: 36 stories, but without the language model: http://127.0.0.1:11434 unreachable: connection refused. The digest holds the leading sentences of the top stories.',
    });
    expect(describeJobAnswer({ status: 'done', result: { idle: 'no camera directories switched on' } }).message).toBe('Nothing to fetch: no camera directories switched on');
    expect(describeJobAnswer({ status: 'running' }).message).toMatch(/^Still running/);
  });
});
