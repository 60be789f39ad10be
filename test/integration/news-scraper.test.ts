import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createNews, type NewsModule } from '../../server/news/news-module.js';
import type { NewStory } from '../../server/news/news-scraper.js';
import { newsRoutes } from '../../server/news/news-routes.js';
import errorHandler from '../../server/plugins/error-handler.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const quiet = { warn: () => undefined };
const noKeys = { get: async () => null };

describe('news scraper: feeds on loopback, conditional requests, backoff, dedup, GET /api/news', () => {
  let feeds: FakeFeeds;
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  let news: NewsModule;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T00:00:00Z');
  const feedUrls: Record<string, string> = {};
  const told: NewStory[][] = [];
  const scalar = async (sql: string) => Number((await queryOnce<{ n: string }>(database.url, sql))[0]?.n);

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    for (const name of ['rss2-world.xml', 'rdf-science.xml', 'atom-agency.xml', 'andes-herald.atom', 'pacific-daily.xml']) feedUrls[name] = feeds.serve(name);
    feeds.bodies.set('/feeds/broken.xml', '');
    feedUrls['broken.xml'] = `${feeds.url}/feeds/broken.xml`;
    feeds.failures.set('/feeds/broken.xml', { status: 503, body: 'Service Unavailable' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-'));
    const list = [
      { name: 'Global Wire', url: feedUrls['rss2-world.xml'], category: 'wires', region: 'world' },
      { name: 'Science Desk', url: feedUrls['rdf-science.xml'], category: 'science', region: 'world' },
      { name: 'Relief Agency', url: feedUrls['atom-agency.xml'], category: 'humanitarian', region: 'africa' },
      { name: 'Andes Herald', url: feedUrls['andes-herald.atom'], category: 'regional', region: 'south-america' },
      { name: 'Pacific Daily', url: feedUrls['pacific-daily.xml'], category: 'regional', region: 'oceania' },
      { name: 'Broken Feed', url: feedUrls['broken.xml'], category: 'regional', region: 'europe' },
    ];
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: quiet });
    news = createNews({
      db,
      keys: noKeys,
      settings: { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json'), NEWS_CONCURRENCY: '3', NEWS_FETCH_TIMEOUT_SECONDS: '2' },
      now: () => clock,
      onStories: async (stories) => void told.push(stories),
    });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(newsRoutes, news.routes);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fetches every format, stores each article once, and folds the same story from three feeds into one item', async () => {
    const result = await news.scraper.scrape();
    expect(result).toMatchObject({ feeds: 6, attempted: 6, fetched: 5, notModified: 0, failed: 1, backedOff: 0 });
    // 4 (RSS 2.0) + 2 (RDF) + 2 (Atom) + 2 (Andes) + 2 (Pacific, one of them the wire's Valencia link again).
    expect(result).toMatchObject({ articles: { received: 12, stored: 11 } });
    expect(await scalar('SELECT count(*) AS n FROM articles')).toBe(11);

    const [quake] = await queryOnce<{ title: string; source_count: number; articles: string; categories: string[] }>(
      database.url,
      `SELECT n.title, n.source_count, n.categories, (SELECT count(*) FROM news_item_articles l WHERE l.news_item_id = n.id) AS articles
       FROM news_items n WHERE n.headline_key LIKE '%chile%'`,
    );
    expect(quake).toMatchObject({ source_count: 3, articles: '3' });
    expect(quake?.categories.sort()).toEqual(['regional', 'wires']);
    // A different quake (Peru) is its own story.
    expect(await scalar("SELECT count(*) AS n FROM news_items WHERE headline_key LIKE '%peru%'")).toBe(1);
    // The wire's Valencia page, linked by a second feed with tracking parameters: one article, two sources.
    const [valencia] = await queryOnce<{ source_count: number }>(database.url, "SELECT source_count FROM news_items WHERE headline_key LIKE '%valencia%'");
    expect(valencia?.source_count).toBe(2);
    expect(await scalar("SELECT count(*) AS n FROM articles WHERE canonical_link LIKE '%valencia-floods'")).toBe(1);
    expect(await scalar('SELECT count(*) AS n FROM news_items')).toBe(9);
    // Stories first seen are passed on once, after they are stored.
    expect(told).toHaveLength(1);
    expect(told[0]?.map((story) => story.title).filter((title) => /Chile/.test(title))).toHaveLength(1);
    expect(told[0]).toHaveLength(9);
    expect(told[0]?.[0]).toMatchObject({ newsItemId: expect.stringMatching(/^\d+$/), category: expect.any(String), publishedAt: expect.any(Date) });
  });

  it('keeps plain text, dates and media from each format', async () => {
    const rows = await queryOnce<{ title: string; summary: string | null; image_url: string | null; published_at: Date | null; guid: string | null; link: string | null }>(
      database.url,
      'SELECT title, summary, image_url, published_at, guid, link FROM articles ORDER BY id',
    );
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    const chile = byTitle.get('Earthquake of magnitude 6.8 strikes off the coast of Chile');
    expect(chile?.summary).toBe('A strong earthquake struck off central Chile on Saturday, the USGS said. No tsunami warning was issued.');
    expect(chile?.image_url).toBe('https://img.wire.example.org/chile-quake.jpg');
    expect(chile?.published_at?.toISOString()).toBe('2026-11-21T22:15:00.000Z');
    const valencia = byTitle.get('Flood waters recede in Valencia & aid arrives');
    expect(valencia?.summary).toBe('Relief convoys reached towns south of Valencia as the water fell. & more');
    expect(valencia?.image_url).toBe('https://img.wire.example.org/valencia.jpg');
    expect(valencia?.published_at?.toISOString()).toBe('2026-11-21T22:40:00.000Z');
    const noGuid = byTitle.get('Item with neither link nor guid');
    expect(noGuid).toMatchObject({ guid: null, link: null });
    expect(noGuid?.published_at?.toISOString()).toBe('2026-11-21T18:00:00.000Z');
    expect(byTitle.get('Probe enters orbit around Jupiter after six-year cruise')?.published_at?.toISOString()).toBe('2026-11-21T13:30:00.000Z');
    const cyclone = byTitle.get('Cyclone Amara makes landfall in Mozambique');
    expect(cyclone).toMatchObject({ summary: 'Teams are deploying to Beira & Quelimane.', image_url: 'https://relief.example.int/img/amara.jpg' });
    expect(byTitle.get('Vaccination campaign reaches 1 million children')?.summary).toBe('The campaign covered four provinces.');
    expect(byTitle.get('Chile: magnitude 6.8 earthquake strikes off coast, no tsunami warning')?.published_at?.toISOString()).toBe('2026-11-21T22:02:00.000Z');
  });

  it('asks again with the validators; a 304 stores nothing new', async () => {
    feeds.requests.length = 0;
    const before = await scalar('SELECT count(*) AS n FROM articles');
    const items = await scalar('SELECT count(*) AS n FROM news_items');
    clock = new Date('2026-11-22T00:10:00Z');
    const result = await news.scraper.scrape();
    expect(result).toMatchObject({ fetched: 0, notModified: 5, failed: 0, backedOff: 1, articles: { received: 0, stored: 0 } });
    const wire = feeds.requests.find((request) => request.path === '/feeds/rss2-world.xml');
    expect(wire).toMatchObject({ status: 304, ifModifiedSince: 'Sat, 21 Nov 2026 23:30:00 GMT' });
    expect(wire?.ifNoneMatch).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await scalar('SELECT count(*) AS n FROM articles')).toBe(before);
    expect(await scalar('SELECT count(*) AS n FROM news_items')).toBe(items);
    expect(told).toHaveLength(1);
  });

  it('backs a failing feed off, lists it in health with its last error, and forgets the failure once it answers', async () => {
    expect(feeds.requests.some((request) => request.path === '/feeds/broken.xml')).toBe(false);
    let health = await news.health();
    expect(health.failingFeeds).toEqual([
      expect.objectContaining({ name: 'Broken Feed', url: feedUrls['broken.xml'], lastError: 'HTTP 503', lastStatus: 503, consecutiveFailures: 1, nextAttemptAt: '2026-11-22T00:55:00.000Z' }),
    ]);
    // The next hourly run tries again; a second failure waits two hours.
    clock = new Date('2026-11-22T01:00:00Z');
    feeds.failures.set('/feeds/broken.xml', { body: '<html><body>Gateway error page</body></html>' });
    const second = await news.scraper.scrape();
    expect(second).toMatchObject({ failed: 1, backedOff: 0 });
    health = await news.health();
    expect(health.failingFeeds[0]).toMatchObject({ consecutiveFailures: 2, nextAttemptAt: '2026-11-22T02:55:00.000Z' });
    expect(health.failingFeeds[0]?.lastError).toMatch(/not a feed/);
    clock = new Date('2026-11-22T02:00:00Z');
    expect(await news.scraper.scrape()).toMatchObject({ backedOff: 1 });
    clock = new Date('2026-11-22T03:00:00Z');
    feeds.failures.delete('/feeds/broken.xml');
    feeds.serve('broken.xml', feeds.bodies.get('/feeds/rdf-science.xml'));
    expect(await news.scraper.scrape()).toMatchObject({ failed: 0, backedOff: 0, fetched: 1 });
    expect((await news.health()).failingFeeds).toEqual([]);
  });

  it('a feed that never answers times out and fails alone', async () => {
    feeds.failures.set('/feeds/atom-agency.xml', { hang: true });
    clock = new Date('2026-11-22T04:00:00Z');
    const started = Date.now();
    const result = await news.scraper.scrape();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toMatchObject({ failed: 1, notModified: 5 });
    expect((await news.health()).failingFeeds[0]?.lastError).toMatch(/timed out after 2000 ms/);
    feeds.failures.delete('/feeds/atom-agency.xml');
  });

  it('fails the run when every feed fails', async () => {
    const all = [...feeds.bodies.keys()];
    for (const key of all) feeds.failures.set(key, { status: 500 });
    clock = new Date('2026-11-23T12:00:00Z');
    await expect(news.scraper.scrape()).rejects.toThrow(/all 6 feeds attempted failed; first error: .*HTTP 500/);
    feeds.failures.clear();
  });

  it('GET /api/news serves stories with their sources, filtered and paginated', async () => {
    const all = await app.inject({ method: 'GET', url: '/api/news?limit=200' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.items).toHaveLength(9);
    expect(body.nextCursor).toBeNull();
    const quake = body.items.find((item: { title: string }) => item.title.includes('Chile'));
    expect(quake.sourceCount).toBe(3);
    expect(quake.sources.map((source: { feed: string }) => source.feed).sort()).toEqual(['Andes Herald', 'Global Wire', 'Pacific Daily']);
    const published = body.items.map((item: { publishedAt: string }) => item.publishedAt);
    expect([...published].sort().reverse()).toEqual(published);

    const search = await app.inject({ method: 'GET', url: '/api/news?q=earthquake' });
    expect(search.json().items.map((item: { title: string }) => item.title).sort()).toEqual([
      'Earthquake of magnitude 6.8 strikes off the coast of Chile',
      'Magnitude 5.1 earthquake strikes off Peru coast',
    ]);
    // Searched as typed: a word half typed finds what the whole word finds; quoted, it is asked whole.
    const typing = await app.inject({ method: 'GET', url: '/api/news?q=earthq' });
    expect(typing.json().items.map((item: { title: string }) => item.title).sort()).toEqual(search.json().items.map((item: { title: string }) => item.title).sort());
    expect((await app.inject({ method: 'GET', url: '/api/news?q=magnitude%20chil' })).json().items.map((item: { title: string }) => item.title)).toEqual([
      'Earthquake of magnitude 6.8 strikes off the coast of Chile',
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/news?q=%22earthq%22' })).json().items).toEqual([]);
    const science = await app.inject({ method: 'GET', url: '/api/news?category=science' });
    expect(science.json().items).toHaveLength(2);
    // Each category's stories, as the News tab's choices say them.
    const categories = (await app.inject({ method: 'GET', url: '/api/news/categories' })).json().categories as Array<{ category: string; stories: number }>;
    expect(categories.find((entry) => entry.category === 'science')?.stories).toBe(2);
    expect(categories.reduce((sum, entry) => sum + entry.stories, 0)).toBeGreaterThanOrEqual(9);
    const recent = await app.inject({ method: 'GET', url: '/api/news?since=2026-11-21T20:00:00Z' });
    expect(recent.json().items.every((item: { publishedAt: string }) => item.publishedAt >= '2026-11-21T20:00:00')).toBe(true);
    expect(recent.json().items.length).toBeLessThan(9);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = (
        await app.inject({ method: 'GET', url: `/api/news?limit=4${cursor ? `&cursor=${cursor}` : ''}` })
      ).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(body.items.map((item: { id: string }) => item.id));

    // Ranked pages too: best match first, then the next.
    const first = (await app.inject({ method: 'GET', url: '/api/news?q=earthquake%20chile&limit=1' })).json();
    expect(first.items[0].title).toMatch(/Chile/);
    expect(first.items[0].rank).toBeGreaterThan(0);
    const rest = await app.inject({ method: 'GET', url: `/api/news?q=earthquake&limit=5&cursor=${first.nextCursor}` });
    expect(rest.statusCode).toBe(200);
    const ranked = (await app.inject({ method: 'GET', url: '/api/news?q=earthquake&limit=1' })).json();
    const second = (await app.inject({ method: 'GET', url: `/api/news?q=earthquake&limit=1&cursor=${ranked.nextCursor}` })).json();
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(ranked.items[0].id);
    const third = (await app.inject({ method: 'GET', url: `/api/news?q=earthquake&limit=1&cursor=${second.nextCursor}` })).json();
    expect(third.items).toEqual([]);

    // The matches newest first (the News tab's default while searching), each with its rank, paged by date.
    const quakeTitles = (items: Array<{ title: string }>) => items.map((item) => item.title);
    const newest = (await app.inject({ method: 'GET', url: '/api/news?q=magnitude&sort=newest' })).json();
    const best = (await app.inject({ method: 'GET', url: '/api/news?q=magnitude' })).json();
    const byDate = newest.items.map((item: { publishedAt: string }) => item.publishedAt);
    expect(byDate.length).toBeGreaterThan(1);
    expect([...byDate].sort().reverse()).toEqual(byDate);
    expect([...quakeTitles(newest.items)].sort()).toEqual([...quakeTitles(best.items)].sort());
    expect(newest.items.every((item: { rank: number }) => item.rank > 0)).toBe(true);
    const newestFirst = (await app.inject({ method: 'GET', url: '/api/news?q=magnitude&sort=newest&limit=1' })).json();
    const newestNext = (await app.inject({ method: 'GET', url: `/api/news?q=magnitude&sort=newest&limit=1&cursor=${newestFirst.nextCursor}` })).json();
    expect([...newestFirst.items, ...newestNext.items].map((item: { id: string }) => item.id)).toEqual(newest.items.slice(0, 2).map((item: { id: string }) => item.id));
    // A ranked page's cursor is not a page by date, nor the other way round.
    expect((await app.inject({ method: 'GET', url: `/api/news?q=earthquake&sort=newest&cursor=${ranked.nextCursor}` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/news?q=earthquake&cursor=${newestFirst.nextCursor}` })).statusCode).toBe(400);
  });

  it('GET /api/news answers 400 with the JSON error shape on bad input', async () => {
    for (const query of ['limit=0', 'limit=9999', 'limit=abc', 'since=yesterday', 'cursor=bm90LWpzb24', 'unknown=1', `q=${'x'.repeat(600)}`, 'category=', 'q=quake&sort=oldest']) {
      const response = await app.inject({ method: 'GET', url: `/api/news?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
    const page = (await app.inject({ method: 'GET', url: '/api/news?limit=1' })).json();
    const mixed = await app.inject({ method: 'GET', url: `/api/news?q=quake&cursor=${page.nextCursor}` });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toMatch(/different query/);
  });

  it('the news migrations can run again over their own tables (CREATE … IF NOT EXISTS)', async () => {
    const before = await scalar('SELECT count(*) AS n FROM news_items');
    for (const file of ['003_news.sql', '005_news_items.sql']) {
      await queryOnce(database.url, await readFile(path.resolve(import.meta.dirname, '..', '..', 'migrations', file), 'utf8'));
    }
    expect(await scalar('SELECT count(*) AS n FROM news_items')).toBe(before);
    expect(await scalar("SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'news_items_headline_trgm_idx'")).toBe(1);
  });
});
