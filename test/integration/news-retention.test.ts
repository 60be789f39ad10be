// RETENTION_DAYS for news: after a scrape, stories, articles and summaries older than the cutoff are
// gone, and an item a feed still lists from before the cutoff is not stored again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createNews } from '../../server/news/news-module.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

describe('news retention', () => {
  let feeds: FakeFeeds;
  let database: TestDatabase;
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-retention-'));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify([{ name: 'Agency', url: feeds.serve('atom-agency.xml'), category: 'world', region: 'global' }]));
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prunes what is older than the retention and does not store old items again', async () => {
    // Left from long ago: a story, its summary.
    await queryOnce(
      database.url,
      `WITH item AS (
         INSERT INTO news_items (title, headline_key, published_at, first_seen_at, last_seen_at)
         VALUES ('Old story', 'old story', '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z') RETURNING id)
       INSERT INTO article_summaries (kind, model, window_start, window_end, body, futures_included, created_at)
       SELECT 'hourly', 'extractive', '2026-09-30T23:00:00Z', '2026-10-01T00:00:00Z', 'old', false, '2026-10-01T00:00:00Z' FROM item`,
    );
    const news = createNews({
      db,
      keys: { get: async () => null },
      settings: { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json') },
      now: () => new Date('2026-11-22T00:05:00Z'),
      retentionDays: 1,
    });
    const result = await news.scraper.scrape();
    expect(result).toMatchObject({ fetched: 1 });
    const titles = (await queryOnce<{ title: string }>(database.url, 'SELECT title FROM news_items ORDER BY title')).map((row) => row.title);
    expect(titles).not.toContain('Old story');
    // Updated 2026-11-20 14:00 UTC, before the one-day cutoff: not stored.
    expect(titles).not.toContain('Vaccination campaign reaches 1 million children');
    expect(titles.length).toBeGreaterThan(0);
    expect(await queryOnce(database.url, `SELECT count(*)::int AS n FROM article_summaries WHERE body = 'old'`)).toEqual([{ n: 0 }]);
    expect((result as { pruned: { newsItems: number; summaries: number } }).pruned).toMatchObject({ newsItems: 1, summaries: 1 });
  });
});
