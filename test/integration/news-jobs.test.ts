import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { JobLockRepository } from '../../server/jobs/job-lock-repository.js';
import { JobRunner } from '../../server/jobs/job-runner.js';
import { createNews, type NewsModule } from '../../server/news/news-module.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

// The four news jobs through the real job runner, as POST /api/jobs/:name runs them: no key and no model server, so offline.
describe('news jobs through the job runner (offline: no language-model key)', () => {
  let feeds: FakeFeeds;
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  let news: NewsModule;
  let runner: JobRunner;
  let pipelines: PipelineStatusRepository;

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-jobs-'));
    const list = ['rss2-world.xml', 'andes-herald.atom', 'pacific-daily.xml'].map((name) => ({ name, url: feeds.serve(name), category: 'world', region: 'world' }));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    news = createNews({
      db,
      keys: { get: async () => null },
      settings: { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json'), SUMMARY_LOOKBACK_HOURS: '24' },
      now: () => new Date('2026-11-22T00:05:00Z'),
    });
    pipelines = new PipelineStatusRepository(db);
    runner = new JobRunner(new JobLockRepository(db), pipelines, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    for (const job of news.jobs) runner.register(job);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('news scrapes and marks the news pipeline fresh', async () => {
    const outcome = await runner.run('news');
    expect(outcome).toMatchObject({ status: 'done', result: { feeds: 3, fetched: 3, failed: 0 } });
    const row = (await pipelines.list()).find((candidate) => candidate.name === 'news');
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });

  it('summaries, analyst and recap write extractive digests offline, and health says the model is unavailable', async () => {
    for (const [job, kind] of [['summaries', 'hourly'], ['analyst', 'analyst'], ['recap', 'daily_recap']] as const) {
      const outcome = await runner.run(job);
      expect(outcome, job).toMatchObject({ status: 'done', result: { kind, model: 'extractive', fallbackReason: expect.stringMatching(/no language-model key/) } });
      if (job === 'recap') expect(outcome).toMatchObject({ result: { unchanged: true } });
      if (job === 'summaries') expect(outcome).toMatchObject({ result: { firstRecap: { kind: 'daily_recap', model: 'extractive' } } });
    }
    const rows = await queryOnce<{ kind: string; model: string; body: string }>(database.url, 'SELECT kind, model, body FROM article_summaries ORDER BY id');
    // The first hourly run wrote a first daily recap too (none was written yet: its own run is at 23:00 New York);
    // the recap job's run then said the same of the same stories, so that recap was kept (its window moved on).
    expect(rows.map((row) => [row.kind, row.model])).toEqual([
      ['hourly', 'extractive'],
      ['daily_recap', 'extractive'],
      ['analyst', 'extractive'],
    ]);
    expect(rows[1]?.body.split('\n')[0]).toMatch(/^- Earthquake of magnitude 6\.8 strikes off the coast of Chile \(3 sources\)/);
    // Once a recap is written, the hourly run writes only its own: here the same digest as the last, kept.
    const again = await runner.run('summaries');
    expect(again).toMatchObject({ status: 'done', result: { kind: 'hourly', unchanged: true } });
    expect(again.status === 'done' && again.result).not.toHaveProperty('firstRecap');
    const after = await queryOnce<{ kind: string }>(database.url, 'SELECT kind FROM article_summaries ORDER BY id');
    expect(after.map((row) => row.kind)).toEqual(['hourly', 'daily_recap', 'analyst']);
    expect((await pipelines.list()).find((row) => row.name === 'summaries')?.lastError).toBeNull();
    const health = await news.health();
    expect(health.model).toMatchObject({ available: false, lastError: expect.stringMatching(/no language-model key/) });
    expect(health.failingFeeds).toEqual([]);
  });

  it('a run where every feed fails fails the news pipeline with its error', async () => {
    for (const key of feeds.bodies.keys()) feeds.failures.set(key, { status: 502 });
    const outcome = await runner.run('news');
    expect(outcome).toMatchObject({ status: 'failed', message: expect.stringMatching(/all 3 feeds attempted failed; first error: .*HTTP 502/) });
    expect((await pipelines.list()).find((row) => row.name === 'news')?.lastError).toMatch(/all 3 feeds attempted failed/);
    // Right after, every feed waits out its backoff: a network that was down, not every feed gone bad. All are tried
    // again (news comes back at the first run after the network does), and the run fails again with their error. The
    // feeds' hosts answered (HTTP 502): failing, not out of reach.
    const asked = feeds.requests.length;
    const again = await runner.run('news');
    expect(again).toMatchObject({ status: 'failed', message: expect.stringMatching(/^all 3 feeds attempted failed; first error: .*HTTP 502/) });
    expect(feeds.requests.length - asked).toBe(3);
    expect((await pipelines.list()).find((row) => row.name === 'news')?.lastError).toMatch(/^all 3 feeds attempted failed/);
    expect((await news.health()).failingFeeds.map((feed) => feed.lastError)).toEqual(['HTTP 502', 'HTTP 502', 'HTTP 502']);
    // One feed answers again: the next run tries all (every one was waiting) and is done; after it, the two still
    // failing wait out their backoff, and only the one that answers is asked.
    const [first] = [...feeds.bodies.keys()];
    feeds.failures.delete(first as string);
    expect(await runner.run('news')).toMatchObject({ status: 'done' });
    const before = feeds.requests.length;
    expect(await runner.run('news')).toMatchObject({ status: 'done' });
    expect(feeds.requests.length - before).toBe(1);
  });
});
