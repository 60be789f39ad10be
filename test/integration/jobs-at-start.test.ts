import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../server/workers.js';
import { newsFixture, startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { clearOfNewsTicks } from '../support/clear-of-news-ticks.js';
import { waitFor } from '../support/process-check.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// First start: a scheduled job whose data is missing or older than its interval runs once soon after the
// schedules start, instead of waiting for its next slot (the news scrape is hourly).
describe('jobs at start', () => {
  let feeds: FakeFeeds;
  let dir: string;
  let subject: TestApp | undefined;
  let workers: Workers | undefined;

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-jobs-at-start-'));
    const list = [{ name: 'rss2-world.xml', url: feeds.serve('rss2-world.xml'), category: 'world', region: 'world' }];
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
  });
  // Each test here lasts under 50 s; one that met a scheduled tick would see that run beside the one at start.
  beforeEach(() => clearOfNewsTicks(50_000));
  afterEach(async () => {
    await workers?.stop();
    await subject?.close();
    workers = undefined;
    subject = undefined;
    feeds.requests.length = 0;
  });
  afterAll(async () => {
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // The catch-ups at start sooner and closer than the app's 2 s and 5 s: the same order, a shorter wait.
  const CATCH_UP = { delayMs: 200, staggerMs: 1_000 };

  async function start(): Promise<TestApp> {
    subject = await createTestApp({
      schedulesEnabled: true,
      catchUpAtStart: CATCH_UP,
      ingesterEnabled: false,
      settings: { ...OFFLINE_STACK_ENV, NEWS_FEEDS_FILE: path.join(dir, 'feeds.json'), LLM_BASE_URL: 'http://127.0.0.1:9' },
    });
    return subject;
  }

  async function pipelineRow(url: string, name: string) {
    const rows = await queryOnce<{ last_attempt_at: Date | null; last_success_at: Date | null }>(
      url,
      'SELECT last_attempt_at, last_success_at FROM pipeline_status WHERE name = $1',
      [name],
    );
    return rows[0];
  }

  it('scrapes the news soon after start when news has never succeeded, without holding up the start', async () => {
    const { app, database } = await start();
    const before = Date.now();
    workers = startWorkers(app);
    expect(Date.now() - before).toBeLessThan(1_000);
    const row = await waitFor(async () => {
      const found = await pipelineRow(database.url, 'news');
      return found?.last_success_at ? found : undefined;
    }, 20_000, 'news to succeed at start');
    expect(row.last_success_at).toBeInstanceOf(Date);
    expect(feeds.requests.map((request) => request.path)).toEqual(['/feeds/rss2-world.xml']);
  });

  it('does not scrape at start when the last success is fresher than the interval, but still catches up summaries', async () => {
    const { app, database } = await start();
    const fresh = new Date(Date.now() - 10 * 60_000);
    await queryOnce(database.url, `INSERT INTO pipeline_status (name, last_attempt_at, last_success_at) VALUES ('news', $1, $1)`, [fresh]);
    workers = startWorkers(app);
    // summaries is staggered after news; once it has run, news's turn has passed.
    await waitFor(async () => ((await pipelineRow(database.url, 'summaries'))?.last_attempt_at ? true : undefined), 25_000, 'summaries at start');
    expect(feeds.requests).toEqual([]);
    expect((await pipelineRow(database.url, 'news'))?.last_success_at?.getTime()).toBe(fresh.getTime());
  });

  /**
   * Starts the app and its workers with the feed host slow (the scrape outlasts the 1 s between the two catch-ups) and
   * its stories of the last hour; `beforeWorkers` runs first. Answers the summaries' and news's rows once the
   * summaries ran, and what `beforeWorkers` gave.
   */
  async function startWithSlowFeed<T>(delayMs: number, beforeWorkers: (app: TestApp['app']) => T) {
    const recent = new Date(Date.now() - 20 * 60_000).toUTCString();
    feeds.serve('rss2-world.xml', newsFixture('rss2-world.xml').replace(/<pubDate>[^<]*<\/pubDate>/g, `<pubDate>${recent}</pubDate>`));
    feeds.delays.set('/feeds/rss2-world.xml', delayMs);
    try {
      const { app, database } = await start();
      const before = beforeWorkers(app);
      workers = startWorkers(app);
      const summaries = await waitFor(async () => {
        const row = await pipelineRow(database.url, 'summaries');
        return row?.last_attempt_at ? row : undefined;
      }, 40_000, 'summaries at start');
      return { database, summaries, before, news: await pipelineRow(database.url, 'news') };
    } finally {
      feeds.delays.clear();
      feeds.serve('rss2-world.xml');
    }
  }

  it('writes the first summaries after the news scrape at start has ended, not from its first stories', async () => {
    const { database, summaries, news } = await startWithSlowFeed(2_500, () => undefined);
    expect(news?.last_success_at).toBeInstanceOf(Date);
    expect(summaries.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(news!.last_success_at!.getTime());
    // The first daily recap, pinned at the top of the brief until the evening's, holds the scrape's stories.
    const [recap] = await queryOnce<{ stories: number; created: Date }>(
      database.url,
      `SELECT (SELECT count(*)::int FROM article_summary_items i WHERE i.summary_id = s.id) AS stories, s.created_at AS created
       FROM article_summaries s WHERE s.kind = 'daily_recap'`,
    );
    expect(recap?.created.getTime()).toBeGreaterThanOrEqual(news!.last_success_at!.getTime());
    expect(recap?.stories).toBeGreaterThan(1);
  }, 60_000);

  it('waits for a news run already going on at start too (its own catch-up found the job busy and left it)', async () => {
    // Run now, pressed as the app opened: the scrape is under way before the catch-ups' turn.
    const { summaries, news, before: pressed } = await startWithSlowFeed(3_000, (app) => app.jobs.run('news'));
    expect(await pressed).toMatchObject({ status: 'done' });
    expect(summaries.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(news!.last_success_at!.getTime());
  }, 60_000);

  it('runs nothing by itself with schedules off', async () => {
    subject = await createTestApp({ ingesterEnabled: false, catchUpAtStart: CATCH_UP, settings: { ...OFFLINE_STACK_ENV, NEWS_FEEDS_FILE: path.join(dir, 'feeds.json') } });
    workers = startWorkers(subject.app);
    // Past both catch-ups' turns (news at 0.2 s, summaries at 1.2 s).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(feeds.requests).toEqual([]);
    expect(await pipelineRow(subject.database.url, 'news')).toBeUndefined();
  });
});
