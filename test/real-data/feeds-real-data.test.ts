// Every feed of real-data/feeds (captures of real news feeds and feedparser's authored test inputs;
// SOURCES.md says where each comes from) served from 127.0.0.1 with the types a feed server sends, listed
// in the app's feed-list format (real-data/feeds.json, rewritten to this server) through NEWS_FEEDS_FILE,
// and read by the `news` job. What is stored — each article's title, link and date (UTC) — is compared
// with what the formats' own rules give (./feed-oracle.ts, no code of the app's), and with the
// expectations feedparser's test files state in their comments.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { resolveXmlBase } from '../../server/news/feed-parser.js';
import { createNews } from '../../server/news/news-module.js';
import { newsRoutes } from '../../server/news/news-routes.js';
import type { ScrapeResult } from '../../server/news/news-scraper.js';
import errorHandler from '../../server/plugins/error-handler.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { REAL_DATA_DIR } from '../support/real-data-path.js';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.js';
import { oracleCharset, oracleItems, type OracleItem } from './feed-oracle.js';

const FEEDS = path.join(REAL_DATA_DIR, 'feeds');
const LISTED = JSON.parse(readFileSync(path.join(REAL_DATA_DIR, 'feeds.json'), 'utf8')) as Array<{ name: string; url: string; category: string; region: string }>;
const bytesOf = (name: string) => readFileSync(path.join(FEEDS, name));

/** feedparser's test files name the HTTP header they are served with in their comment (`Header: Content-type: …`). */
const headerOf = (name: string) => /^Header:\s*Content-type:\s*(.+)$/im.exec(bytesOf(name).subarray(0, 600).toString('latin1'))?.[1]?.trim() ?? null;
/** The type a feed server sends: the file's own header when it names one, else by extension, without a charset. */
const contentTypeOf = (name: string) =>
  headerOf(name) ?? (name.endsWith('.json') ? 'application/feed+json' : name.endsWith('.atom') ? 'application/atom+xml' : 'application/rss+xml');
/**
 * The charset of a file that declares none, as documented: feedparser's chardet files state it
 * (`encoding == 'KOI8-R'`), SOURCES.md says uolNoticias.rss is Latin-1; everything else is UTF-8.
 */
const undeclaredCharsetOf = (name: string) =>
  /encoding == '([\w-]+)'/.exec(bytesOf(name).subarray(0, 600).toString('latin1'))?.[1] ?? (name === 'rssparser_uolNoticias.rss' ? 'iso-8859-1' : 'utf-8');

const MAX_ITEMS = 200;
/** Of a longer feed, the items read: the MAX_ITEMS newest by date (undated after dated, ties in file order), in file order. */
const newestOf = (items: OracleItem[]): OracleItem[] => {
  const time = (item: OracleItem) => (item.publishedAt ? Date.parse(item.publishedAt) : -Infinity);
  const ranked = items.map((item, index) => ({ item, index })).sort((a, b) => time(b.item) - time(a.item) || a.index - b.index);
  return ranked.slice(0, MAX_ITEMS).sort((a, b) => a.index - b.index).map(({ item }) => item);
};
// Authored inputs whose expectation is not what the format alone gives: checked below against what their comments state.
const STATED: ReadonlySet<string> = new Set(['feedparser_encoding_demoronize-1.xml', 'feedparser_encoding_double-encoded-html.xml']);

// Not feeds a reader can read: feedparser calls them bozo, rss-parser's is an HTML page.
const NOT_FEEDS: Record<string, RegExp> = {
  // "Expect: bozo" — the file stops inside `<title><![CD`.
  'feedparser_illformed_rss_incomplete_cdata.xml': /^not a feed/,
  // The document ends in `</rss` (no `>`): not well-formed, so nothing is read (its one item has no title anyway).
  'feedparser_illformed_rss_item_link_corrupted_ampersands.xml': /^not a feed/,
  'rssparser_unrecognized.rss': /^not a feed: Unrecognized feed format/,
};
// Feeds whose every item has neither title nor description: nothing a reader could list, so failing (not quiet).
const NOTHING_USABLE: Record<string, RegExp> = {
  // Its one item has only `<link>/relative/uri</link>`.
  'feedparser_wellformed_base_http_item_link_base_docuri.xml': /^nothing usable: all 1 items have neither title nor description$/,
  // rss-parser's: an entry with only an id.
  'rssparser_missing-fields.atom': /^nothing usable: all 1 items have neither title nor description$/,
};

interface StoredArticle {
  title: string;
  summary: string | null;
  link: string | null;
  published_at: Date | null;
}

describe('news feeds from real-data/feeds, scraped by the news job', () => {
  let feeds: FakeFeeds;
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  let app: FastifyInstance;
  let result: ScrapeResult;
  const urlOf = new Map<string, string>();

  const storedFor = async (name: string) =>
    (
      await db.query<StoredArticle>(
        `SELECT a.title, a.summary, a.link, a.published_at FROM articles a
         JOIN article_sources s ON s.article_id = a.id JOIN news_feeds f ON f.id = s.feed_id
         WHERE f.url = $1 ORDER BY a.id`,
        [urlOf.get(name)],
      )
    ).rows;

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    const list = LISTED.map((feed) => ({ ...feed, url: feed.url.replace(/^http:\/\/127\.0\.0\.1:18950/, feeds.url) }));
    for (const feed of list) {
      const pathname = new URL(feed.url).pathname;
      feeds.bodies.set(pathname, bytesOf(feed.name));
      feeds.contentTypes.set(pathname, contentTypeOf(feed.name));
      urlOf.set(feed.name, feed.url);
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-real-feeds-'));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    const news = createNews({
      db,
      keys: { get: async () => null },
      // The app's own bounds (NEWS_MAX_ITEMS_PER_FEED 200: the 200 newest items of a longer feed, by their dates).
      settings: { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json') },
    });
    const job = news.jobs.find((candidate) => candidate.name === 'news');
    result = (await job!.run()) as ScrapeResult;
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

  it('lists every file of the folder, and reads all but the three that are not feeds and the two with nothing usable', async () => {
    expect(LISTED.map((feed) => feed.name).sort()).toEqual(readdirSync(FEEDS).filter((name) => !name.startsWith('.')).sort());
    expect(urlOf.size).toBe(54);
    expect(result).toMatchObject({ feeds: 54, attempted: 54, fetched: 49, failed: 5, notModified: 0 });
    const failing = await db.query<{ name: string; last_error: string }>('SELECT name, last_error FROM news_feeds WHERE last_error IS NOT NULL ORDER BY name');
    const reasons = { ...NOT_FEEDS, ...NOTHING_USABLE };
    expect(failing.rows.map((row) => row.name)).toEqual(Object.keys(reasons).sort());
    for (const row of failing.rows) expect(row.last_error).toMatch(reasons[row.name]!);
    // The untitled items are counted for health with their feed.
    expect(result.rejected).toEqual({
      count: 2,
      reasons: [
        {
          reason: 'item with neither title nor description',
          count: 2,
          examples: expect.arrayContaining(['feedparser_wellformed_base_http_item_link_base_docuri.xml', 'rssparser_missing-fields.atom']),
        },
      ],
    });
  });

  it('stores no replacement character and no C1 control anywhere: every feed decoded in its own charset', async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM articles WHERE title ~ '[\\ufffd\\u0080-\\u009f]' OR coalesce(summary, '') ~ '[\\ufffd\\u0080-\\u009f]'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  // Every feed a reader can read: its stored articles are the items the format defines (those with a
  // title, or a description to take one from), with the link resolved and the date in UTC.
  // One article per link: where a feed lists a link twice (BBC, under two headlines), its first listing is kept.
  const readable = LISTED.map((feed) => feed.name).filter((name) => !(name in NOT_FEEDS) && !(name in NOTHING_USABLE) && !STATED.has(name));
  for (const name of readable) {
    it(`${name}: titles, links and dates as the format defines them`, async () => {
      const bytes = bytesOf(name);
      const text = new TextDecoder(oracleCharset(bytes, headerOf(name), undeclaredCharsetOf(name))).decode(bytes);
      const items = oracleItems(text, urlOf.get(name)!);
      const expected = newestOf(items.filter((item) => item.title !== ''));
      const stored = (await storedFor(name)).map((row): OracleItem => ({ title: row.title, link: row.link, publishedAt: row.published_at?.toISOString() ?? null }));
      const tuple = (item: OracleItem) => JSON.stringify([item.title, item.link, item.publishedAt]);
      const linked = (list: OracleItem[]) => [...new Set(list.filter((item) => item.link).map((item) => item.link))].sort();
      expect(linked(stored)).toEqual(linked(expected));
      const expectedTuples = new Set(expected.map(tuple));
      for (const item of stored) expect(expectedTuples.has(tuple(item)), tuple(item)).toBe(true);
      const unlinked = (list: OracleItem[]) => [...new Set(list.filter((item) => !item.link).map(tuple))].sort();
      expect(unlinked(stored)).toEqual(unlinked(expected));
      if (items.length > MAX_ITEMS) expect(stored.length).toBeLessThanOrEqual(MAX_ITEMS);
    });
  }

  it('a feed listed oldest first (Reuters, 2,000 items) gives its newest 200, and the run counts every feed\'s items past the cap', async () => {
    const name = 'wl2026_reuters_scraped.xml';
    const items = oracleItems(new TextDecoder().decode(bytesOf(name)), urlOf.get(name)!);
    const newest = items.reduce((latest, item) => (item.publishedAt && (!latest || item.publishedAt > latest) ? item.publishedAt : latest), null as string | null);
    const stored = (await storedFor(name)).map((row) => row.published_at?.toISOString() ?? null);
    expect(stored).toContain(newest);
    // The file's first item, its oldest, is past the cap.
    expect(stored).not.toContain(items[0]!.publishedAt);
    const overCap = readable.reduce((sum, feed) => {
      const text = new TextDecoder(oracleCharset(bytesOf(feed), headerOf(feed), undeclaredCharsetOf(feed))).decode(bytesOf(feed));
      return sum + Math.max(0, oracleItems(text, urlOf.get(feed)!).filter((item) => item.title !== '').length - MAX_ITEMS);
    }, 0);
    expect(overCap).toBeGreaterThan(1_000);
    expect(result.articles.overCap).toBe(overCap);
  });

  it('a link the BBC lists twice, under two headlines, is its first listing both as the article and as the story told of it', async () => {
    const name = 'capture2026_bbc.xml';
    const items = oracleItems(new TextDecoder().decode(bytesOf(name)), urlOf.get(name)!);
    const twice = [...new Set(items.map((item) => item.link).filter((link, index, links) => link && links.indexOf(link) !== index))];
    expect(twice.length).toBeGreaterThan(0);
    for (const link of twice) {
      const listings = items.filter((item) => item.link === link);
      expect(new Set(listings.map((item) => item.title)).size).toBeGreaterThan(1);
      const { rows } = await db.query<{ article: string; story: string }>(
        `SELECT a.title AS article, n.title AS story FROM articles a
         JOIN news_item_articles l ON l.article_id = a.id JOIN news_items n ON n.id = l.news_item_id WHERE a.link = $1`,
        [link],
      );
      expect(rows).toEqual([{ article: listings[0]!.title, story: listings[0]!.title }]);
    }
  });

  it('a story holds one article of a feed\'s host at most: Giant Bomb\'s days of deliberations are episodes of their own; UOL\'s article listed again through a redirect is one story', async () => {
    const { rows: doubled } = await db.query(
      `SELECT l.news_item_id, s.feed_id FROM news_item_articles l JOIN articles a ON a.id = l.article_id JOIN article_sources s ON s.article_id = a.id
       GROUP BY l.news_item_id, s.feed_id, substring(a.link from '://([^/:?#]+)') HAVING count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    // UOL lists one Folha article twice, once through its redirect host: two links, two hosts, one story.
    const { rows: folha } = await db.query<{ stories: number; articles: number }>(
      `SELECT count(DISTINCT l.news_item_id)::int AS stories, count(*)::int AS articles FROM articles a JOIN news_item_articles l ON l.article_id = a.id
       WHERE a.title LIKE 'Match Eleitoral já soma mais de 500 mil testes completos%'`,
    );
    expect(folha).toEqual([{ stories: 1, articles: 2 }]);
    const storiesTitled = async (pattern: string) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM news_items WHERE title ~* $1', [pattern])).rows[0]!.n;
    const articlesTitled = async (pattern: string) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM articles WHERE title ~* $1', [pattern])).rows[0]!.n;
    for (const pattern of ['Game of the Year 2018: Day \\w+ Deliberations', 'Game of the Year 2017: Day \\w+ Deliberations']) {
      expect(await articlesTitled(pattern), pattern).toBe(5);
      expect(await storiesTitled(pattern), pattern).toBe(5);
    }
  });

  // feedparser's authored inputs, each with the expectation its comment states.
  it('demoronize-1/-2: a raw windows-1252 0x92 and &#146; both read ’ ("don\\u2019t")', async () => {
    for (const name of ['feedparser_encoding_demoronize-1.xml', 'feedparser_encoding_demoronize-2.xml']) {
      expect((await storedFor(name)).map((row) => row.title)).toEqual(['don’t']);
    }
  });

  it('double-encoded-html: &#226;&#128;&#166; (UTF-8 read as Latin-1) is one … (ord 8230)', async () => {
    const [article] = await storedFor('feedparser_encoding_double-encoded-html.xml');
    expect([...article!.title].map((char) => char.codePointAt(0))).toEqual([8230]);
  });

  it('euc-kr-item: the description is 년 (\\ub144)', async () => {
    expect((await storedFor('feedparser_encoding_euc-kr-item.xml')).map((row) => row.title)).toEqual(['\ub144']);
  });

  it('http_text_xml_charset_2: served as windows-1252, the description is "This is a £“test.”"', async () => {
    expect(await storedFor('feedparser_encoding_http_text_xml_charset_2.xml')).toEqual([
      { title: 'Foo', summary: 'This is a \u00a3\u201ctest.\u201d', link: 'http://purl.org/rss/2.0/?item', published_at: null },
    ]);
  });

  it('chardet koi8r / shiftjis / windows1255: undeclared, read in the charset the file names', async () => {
    const cases: Array<[string, string]> = [
      ['feedparser_illformed_chardet_koi8r.xml', 'Как пережить новогоднюю ночь'],
      ['feedparser_illformed_chardet_shiftjis.xml', 'DrecomRSSに記事投稿が反映されない…'],
    ];
    for (const [name, title] of cases) expect((await storedFor(name)).map((row) => row.title)).toEqual([title]);
    const [hebrew] = await storedFor('feedparser_illformed_chardet_windows1255.xml');
    expect(hebrew!.title).toMatch(/^האם תדפיס נייר של אתר אינטרנט/);
    // Latin-1 without a declaration (SOURCES.md), dated in Portuguese ("Seg, 24 Set 2018 19:42:40 -0300").
    const portuguese = (await storedFor('rssparser_uolNoticias.rss')).find((row) => row.title.startsWith('Ibope: Bolsonaro perde'));
    expect(portuguese).toMatchObject({ title: 'Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno' });
    expect(portuguese!.published_at?.toISOString()).toBe('2018-09-24T22:42:40.000Z');
  });

  it('json_example: the feed has 2 entries ("len(entries) == 2"), the second titled from its HTML without the script', async () => {
    expect((await storedFor('feedparser_json_example.json')).map((row) => [row.title, row.link]).sort()).toEqual([
      ['Hello, world!', 'https://example.org/initial-post'],
      ['post 2', 'https://example.org/second-item'],
    ]);
  });

  it('relative links: GitHub releases hrefs resolve against the feed address; an entry-level xml:base applies first', async () => {
    const links = (await storedFor('rssparser_gulp-atom.atom')).map((row) => row.link);
    expect(links).toHaveLength(10);
    expect(links).toContain(new URL('/gulpjs/gulp/releases/tag/v3.9.0', urlOf.get('rssparser_gulp-atom.atom')).href);
    // xml:base relative to its parent's (feedparser wellformed/base/relative_xml_base.xml: base http://example.com/test/).
    const real = readFileSync(path.join(FEEDS, 'feedparser_wellformed_base_relative_xml_base.xml'), 'utf8');
    const withLink = real.replace('<title type="application/xhtml+xml" xml:base="test/">', '<link xml:base="test/" href="page.html"/><title type="application/xhtml+xml" xml:base="test/">');
    expect(resolveXmlBase(withLink, 'http://doc.example/feed')).toContain('<link xml:base="test/" href="http://example.com/test/page.html"/>');
    expect((await storedFor('feedparser_wellformed_base_relative_xml_base.xml')).map((row) => [row.title, row.link])).toEqual([['Example test', null]]);
  });

  it('items with neither title nor description are not stories (base_docuri, rss-parser missing/incomplete fields)', async () => {
    // incomplete-fields' one entry holds only an empty <author>: the parser reads no entry at all, so the feed is merely quiet.
    for (const name of ['feedparser_wellformed_base_http_item_link_base_docuri.xml', 'rssparser_missing-fields.atom', 'rssparser_incomplete-fields.atom']) {
      expect(await storedFor(name)).toEqual([]);
    }
  });

  it('undated items are kept without a date and listed after every dated story, across pages', async () => {
    const undated = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM articles WHERE published_at IS NULL');
    // Herald Sun (RSS 0.92) 2, Washington Post 25, the JSON example 2, and feedparser's dateless inputs.
    expect(undated.rows[0]!.n).toBeGreaterThanOrEqual(29);
    for (const name of ['rssparser_heraldsun.rss', 'rubycocos2017_washingtonpost-world.rss']) {
      const stored = await storedFor(name);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every((row) => row.published_at === null)).toBe(true);
    }
    const seen: Array<{ id: string; publishedAt: string | null }> = [];
    let cursor: string | null = null;
    do {
      const page = await app.inject({ method: 'GET', url: `/api/news?limit=200${cursor ? `&cursor=${cursor}` : ''}` });
      expect(page.statusCode).toBe(200);
      const body = page.json() as { items: Array<{ id: string; publishedAt: string | null }>; nextCursor: string | null };
      seen.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor);
    const total = await db.query<{ n: number; undated: number }>('SELECT count(*)::int AS n, count(*) FILTER (WHERE published_at IS NULL)::int AS undated FROM news_items');
    expect(seen).toHaveLength(total.rows[0]!.n);
    expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length);
    const firstUndated = seen.findIndex((item) => item.publishedAt === null);
    expect(firstUndated).toBeGreaterThan(0);
    expect(seen.slice(firstUndated).every((item) => item.publishedAt === null)).toBe(true);
    expect(seen.length - firstUndated).toBe(total.rows[0]!.undated);
    const dated = seen.slice(0, firstUndated).map((item) => Date.parse(item.publishedAt!));
    expect(dated).toEqual([...dated].sort((a, b) => b - a));
  });
});
