import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createNews } from '../../server/news/news-module.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

// A managed PostgreSQL may lack pg_trgm: stories then merge on equal headline keys only.
describe('news dedup on a server without pg_trgm', () => {
  let feeds: FakeFeeds;
  let database: TestDatabase;
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-notrgm-'));
    const list = ['rss2-world.xml', 'andes-herald.atom', 'pacific-daily.xml'].map((name) => ({ name, url: feeds.serve(name), category: 'world', region: 'global' }));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
    database = await createMigratedTestDatabase();
    await queryOnce(database.url, 'DROP EXTENSION pg_trgm CASCADE');
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('merges equal headline keys (any word order, outlet suffix) and keeps reworded headlines apart', async () => {
    const news = createNews({ db, keys: { get: async () => null }, settings: { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json') }, now: () => new Date('2026-11-22T00:00:00Z') });
    expect(await news.scraper.scrape()).toMatchObject({ failed: 0, fetched: 3 });
    const quakes = await queryOnce<{ title: string; source_count: number }>(
      database.url,
      "SELECT title, source_count FROM news_items WHERE headline_key LIKE '%chile%' ORDER BY source_count DESC",
    );
    expect(quakes).toEqual([
      { title: 'Earthquake of magnitude 6.8 strikes off the coast of Chile', source_count: 2 },
      { title: 'Chile: magnitude 6.8 earthquake strikes off coast, no tsunami warning', source_count: 1 },
    ]);
  });
});
