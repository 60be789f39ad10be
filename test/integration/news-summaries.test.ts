import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { ApiKeyRepository } from '../../server/keys/api-key-repository.js';
import { KeyCipher } from '../../server/keys/key-cipher.js';
import { KeyService } from '../../server/keys/key-service.js';
import { settingsKeySource } from '../../server/keys/key-source.js';
import { createNews, type NewsModule } from '../../server/news/news-module.js';
import { newsRoutes } from '../../server/news/news-routes.js';
import errorHandler from '../../server/plugins/error-handler.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { closedPort, startFakeLlm, type FakeLlm } from '../support/fake-llm.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const LLM_KEY = 'sk-proj-TestKey0123456789abcdefghijklmnop';
const quiet = { warn: () => undefined };

interface SummaryRow {
  id: string;
  kind: string;
  model: string;
  window_start: Date;
  window_end: Date;
  body: string;
  futures_included: boolean;
  fallback_reason: string | null;
  item_ids: string[];
  created_at: Date;
}

describe('news summaries: fake OpenAI-compatible server on loopback, futures filter, extractive fallback, GET /api/news/summaries', () => {
  let feeds: FakeFeeds;
  let llm: FakeLlm;
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  let keys: KeyService;
  let app: FastifyInstance;
  const clock = new Date('2026-11-22T00:05:00Z');
  let baseSettings: Record<string, string>;

  const news = (settings: Record<string, string>, keySource = keys): NewsModule =>
    createNews({ db, keys: keySource, settings: { ...baseSettings, ...settings }, now: () => clock });
  const lastSummary = async (): Promise<SummaryRow> =>
    (
      await queryOnce<SummaryRow>(
        database.url,
        `SELECT s.*, s.id::text, (SELECT array_agg(news_item_id::text ORDER BY position) FROM article_summary_items WHERE summary_id = s.id) AS item_ids
         FROM article_summaries s ORDER BY s.id DESC LIMIT 1`,
      )
    )[0] as SummaryRow;
  const lastPrompt = () => {
    const request = llm.requests.at(-1);
    if (!request) throw new Error('the model was not asked');
    const system = request.body.system ?? request.body.messages.find((message) => message.role === 'system')?.content ?? '';
    const user = request.body.messages.find((message) => message.role === 'user')?.content ?? '';
    return { request, system, user };
  };

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    llm = await startFakeLlm();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-news-summaries-'));
    const list = ['rss2-world.xml', 'andes-herald.atom', 'pacific-daily.xml', 'markets-desk.xml', 'rdf-science.xml'].map((name, index) => ({
      name: `Feed ${index}`,
      url: feeds.serve(name),
      category: name.startsWith('markets') ? 'business' : 'world',
      region: 'world',
    }));
    await writeFile(path.join(dir, 'feeds.json'), JSON.stringify(list));
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: quiet });
    keys = new KeyService(new ApiKeyRepository(db), new KeyCipher(randomBytes(32).toString('base64')), settingsKeySource({}));
    await keys.set('llm', LLM_KEY);
    baseSettings = { NEWS_FEEDS_FILE: path.join(dir, 'feeds.json'), LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model-1', SUMMARY_LOOKBACK_HOURS: '24' };
    const module = news({});
    expect(await module.scraper.scrape()).toMatchObject({ failed: 0, fetched: 5 });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(newsRoutes, module.routes);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
    await llm?.close();
    await feeds?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('asks the model with the key, leaves futures and market moves out by default, says so, and records the model', async () => {
    llm.answer = { text: '<b>Top:</b> a magnitude 6.8 earthquake struck off Chile (3 sources).<script>alert(1)</script>\n- Floods recede in Valencia.' };
    // No digest written yet: health says none (the Sources tab's "last digest: never").
    expect((await news({}).health()).lastSummaryAt).toBeNull();
    const result = await news({}).summarizer.summarize('hourly');
    expect(result).toMatchObject({ kind: 'hourly', model: 'fake-model-1', marketMovesLeftOut: 3 });
    const { request, system, user } = lastPrompt();
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${LLM_KEY}`);
    expect(request.body.model).toBe('fake-model-1');
    expect(system).toMatch(/futures, stock and bond markets.*have been left out/s);
    expect(system).toContain('The map shows what is happening in the world');
    expect(user).not.toMatch(/Crude oil futures|Stocks rise on Wall Street|Gold prices/);
    expect(user).toContain('Central bank governor resigns');
    // Most reported first: the quake (3 sources) leads.
    expect(user.split('\n').find((line) => line.startsWith('[1]'))).toMatch(/^\[1\] Earthquake of magnitude 6\.8 .*\(3 sources;/);
    const row = await lastSummary();
    expect(row).toMatchObject({ kind: 'hourly', model: 'fake-model-1', futures_included: false, fallback_reason: null });
    expect(row.body).toBe('Top: a magnitude 6.8 earthquake struck off Chile (3 sources).\n- Floods recede in Valencia.');
    expect(row.window_end.toISOString()).toBe('2026-11-22T00:05:00.000Z');
    expect(row.window_start.toISOString()).toBe('2026-11-21T00:05:00.000Z');
    expect(row.item_ids).toHaveLength(result.stories);
    const titles = await queryOnce<{ title: string }>(database.url, 'SELECT title FROM news_items WHERE id = ANY ($1::bigint[])', [row.item_ids]);
    expect(titles.some((story) => /futures|Stocks rise|Gold prices/.test(story.title))).toBe(false);
    expect((await news({}).health()).model).toMatchObject({ available: true, lastError: null });
    expect((await news({}).health()).lastSummaryAt).toBe(row.created_at.toISOString());
  });

  it('keeps futures in when INCLUDE_FUTURES is set and not 0, and the prompt says so', async () => {
    await news({ INCLUDE_FUTURES: '1' }).summarizer.summarize('hourly');
    const included = lastPrompt();
    expect(included.user).toContain('Crude oil futures rise 3%');
    expect(included.user).toContain('Stocks rise on Wall Street');
    expect(included.system).toContain('Stories about futures and market moves are included');
    expect(included.system).not.toContain('have been left out');
    expect((await lastSummary()).futures_included).toBe(true);

    await news({ INCLUDE_FUTURES: '0' }).summarizer.summarize('hourly');
    expect(lastPrompt().user).not.toContain('Crude oil futures');
    expect(lastPrompt().system).toContain('have been left out');
  });

  it('honours SUMMARY_BATCH_SIZE and names the window in the prompt', async () => {
    const result = await news({ SUMMARY_BATCH_SIZE: '2' }).summarizer.summarize('analyst');
    expect(result.stories).toBe(2);
    const { system, user } = lastPrompt();
    expect(user.split('\n').filter((line) => /^\[\d+\]/.test(line))).toHaveLength(2);
    expect(system).toContain("analyst's pass over the last 24 hours");
    expect((await lastSummary()).kind).toBe('analyst');
  });

  it('writes an extractive digest when the model is unreachable, and health says the model is unavailable', async () => {
    const result = await news({ LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }).summarizer.summarize('hourly');
    expect(result).toMatchObject({ model: 'extractive', fallbackReason: expect.stringMatching(/request to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions failed/) });
    const row = await lastSummary();
    expect(row.model).toBe('extractive');
    expect(row.body.split('\n')[0]).toMatch(/^- Earthquake of magnitude 6\.8 strikes off the coast of Chile \(3 sources\)/);
    expect(row.body).not.toMatch(/futures/i);
    expect(row.item_ids.length).toBeGreaterThan(0);
    const health = await news({}).health();
    expect(health.model.available).toBe(false);
    expect(health.model.lastError).toMatch(/failed/);
  });

  it('a digest that says word for word what the newest of its kind says is not written again: that one is kept, its window moved on', async () => {
    const count = async () => Number((await queryOnce<{ n: string }>(database.url, "SELECT count(*) AS n FROM article_summaries WHERE kind = 'hourly'"))[0]?.n);
    const offline = { LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` };
    const first = await news(offline).summarizer.summarize('hourly');
    const before = await count();
    const later = new Date(clock.getTime() + 15 * 60_000);
    const again = await createNews({ db, keys, settings: { ...baseSettings, ...offline }, now: () => later }).summarizer.summarize('hourly');
    expect(again).toMatchObject({ summaryId: first.summaryId, unchanged: true, model: 'extractive' });
    expect(await count()).toBe(before);
    const row = await lastSummary();
    expect(row.id).toBe(first.summaryId);
    expect(row.window_end.toISOString()).toBe(later.toISOString());
    // Another kind's digest of the same stories is its own.
    const analyst = await news(offline).summarizer.summarize('analyst');
    expect(analyst.summaryId).not.toBe(first.summaryId);
    expect(analyst.unchanged).toBeUndefined();
  });

  it('falls back without a key (and no local server named), on an error status, on a hang, and never shows the key', async () => {
    const none = new KeyService(new ApiKeyRepository(db), new KeyCipher(randomBytes(32).toString('base64')), settingsKeySource({}));
    await none.remove('llm');
    const noKey = await news({ LLM_BASE_URL: '' }, none).summarizer.summarize('daily_recap');
    expect(noKey).toMatchObject({ model: 'extractive', modelSetUp: false, fallbackReason: expect.stringMatching(/no language-model key/) });
    expect((await lastSummary()).kind).toBe('daily_recap');
    // LLM_API_KEY stands in when no key is stored.
    await keys.set('llm', LLM_KEY);

    const asked = llm.requests.length;
    llm.answer = { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${LLM_KEY}` } }) };
    const refused = await news({}).summarizer.summarize('hourly');
    expect(llm.requests.length).toBe(asked + 1);
    expect(refused).toMatchObject({ model: 'extractive', modelSetUp: true, fallbackReason: expect.stringMatching(/HTTP 401: Incorrect API key provided: \*\*\*\*/) });
    expect(JSON.stringify(await news({}).health())).not.toContain(LLM_KEY);
    expect((await lastSummary()).fallback_reason).not.toContain(LLM_KEY);

    llm.answer = { hang: true };
    const hung = await news({ LLM_TIMEOUT_SECONDS: '1' }).summarizer.summarize('hourly');
    expect(hung).toMatchObject({ model: 'extractive', fallbackReason: expect.stringMatching(/timed out after 1000 ms/) });

    llm.answer = { status: 200, body: '{"choices":[]}' };
    expect(await news({}).summarizer.summarize('hourly')).toMatchObject({ model: 'extractive', fallbackReason: expect.stringMatching(/not a chat-completions response/) });
  });

  it('an error message with NUL and control characters: the extractive digest is still written, with the message readable and capped', async () => {
    llm.answer = { status: 500, body: JSON.stringify({ error: { message: 'overloaded\u0000 try later\u001b[2J' } }) };
    const overloaded = await news({}).summarizer.summarize('hourly');
    const reason = 'the language model answered HTTP 500: overloaded try later [2J';
    expect(overloaded).toMatchObject({ model: 'extractive', fallbackReason: reason });
    const row = await lastSummary();
    expect(row).toMatchObject({ model: 'extractive', fallback_reason: reason });
    expect(row.body.split('\n')[0]).toMatch(/^- Earthquake of magnitude 6\.8 strikes off the coast of Chile/);
    expect((await news({}).health()).model.lastError).toBe(reason);

    llm.answer = { status: 503, body: JSON.stringify({ error: `busy\u0000${' busy'.repeat(1000)}` }) };
    const busy = await news({}).summarizer.summarize('hourly');
    expect(busy.fallbackReason).toMatch(/^the language model answered HTTP 503: busy busy busy/);
    expect(busy.fallbackReason?.length).toBeLessThanOrEqual(260);
    expect((await lastSummary()).fallback_reason).toBe(busy.fallbackReason);

    // The key written with an entity, or split by a tag, is read whole from the markup: it is masked after that too.
    const [head, tail] = [LLM_KEY.slice(0, 10), LLM_KEY.slice(10)];
    llm.answer = { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key: ${head}<b></b>${tail}, or &#115;${LLM_KEY.slice(1)}` } }) };
    const refused = await news({}).summarizer.summarize('hourly');
    expect(refused.fallbackReason).toBe('the language model answered HTTP 401: Incorrect API key: ****, or ****');
  });

  it('caps a long answer at SUMMARY_MAX_CHARS and takes LLM_API_KEY when no key is stored', async () => {
    const none = new KeyService(new ApiKeyRepository(db), new KeyCipher(randomBytes(32).toString('base64')), settingsKeySource({}));
    await none.remove('llm');
    llm.answer = { text: 'word '.repeat(2000) };
    const result = await news({ SUMMARY_MAX_CHARS: '500', LLM_API_KEY: 'gsk_settingKey0123456789abcdefgh' }, none).summarizer.summarize('hourly');
    expect(result.model).toBe('fake-model-1');
    expect(lastPrompt().request.authorization).toBe('Bearer gsk_settingKey0123456789abcdefgh');
    expect((await lastSummary()).body.length).toBeLessThanOrEqual(500);
    await keys.set('llm', LLM_KEY);
  });

  it('speaks the Anthropic Messages format when the provider is anthropic', async () => {
    llm.answer = { text: 'Anthropic brief.', model: 'claude-test' };
    const result = await news({ LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude-test' }).summarizer.summarize('daily_recap');
    expect(result.model).toBe('claude-test');
    const { request, system } = lastPrompt();
    expect(request.path).toBe('/v1/messages');
    expect(request.apiKey).toBe(LLM_KEY);
    expect(request.authorization).toBeNull();
    expect(system).toContain('recap of the last 24 hours');
    expect((await lastSummary()).body).toBe('Anthropic brief.');
  });

  it('writes nothing when the window holds no stories', async () => {
    const before = (await queryOnce<{ n: string }>(database.url, 'SELECT count(*) AS n FROM article_summaries'))[0]?.n;
    const empty = createNews({ db, keys, settings: baseSettings, now: () => new Date('2027-06-01T00:00:00Z') });
    expect(await empty.summarizer.summarize('hourly')).toMatchObject({ summaryId: null, stories: 0 });
    expect((await queryOnce<{ n: string }>(database.url, 'SELECT count(*) AS n FROM article_summaries'))[0]?.n).toBe(before);
  });

  it('GET /api/news/summaries says when the next summary of the kind asked is due, when this process runs the schedules', async () => {
    const answerFrom = async (module: NewsModule) => {
      const own = Fastify();
      own.setValidatorCompiler(validatorCompiler);
      own.setSerializerCompiler(serializerCompiler);
      await own.register(errorHandler);
      await own.register(newsRoutes, module.routes);
      try {
        const nextAt = async (query: string) => (await own.inject({ method: 'GET', url: `/api/news/summaries?${query}` })).json().nextAt;
        return { hourly: await nextAt('kind=hourly'), analyst: await nextAt('kind=analyst'), recap: await nextAt('kind=daily_recap'), any: await nextAt('') };
      } finally {
        await own.close();
      }
    };
    // 00:05 UTC: the hourly one has just been written; the analyst's is at the next quarter hour; the recap at 23:00
    // in New York (UTC-5 in November).
    const scheduled = createNews({ db, keys, settings: baseSettings, now: () => clock, timezone: 'UTC', schedulesRun: true });
    expect(await answerFrom(scheduled)).toEqual({
      hourly: '2026-11-22T01:05:00.000Z',
      analyst: '2026-11-22T00:15:00.000Z',
      recap: '2026-11-22T04:00:00.000Z',
      any: null,
    });
    const unscheduled = createNews({ db, keys, settings: baseSettings, now: () => clock, timezone: 'UTC' });
    expect(await answerFrom(unscheduled)).toEqual({ hourly: null, analyst: null, recap: null, any: null });
  });

  it('GET /api/news/summaries lists summaries by kind and time, with the model and the items covered', async () => {
    const all = await app.inject({ method: 'GET', url: '/api/news/summaries' });
    expect(all.statusCode).toBe(200);
    const summaries = all.json().summaries;
    expect(summaries.length).toBeGreaterThan(5);
    const recaps = (await app.inject({ method: 'GET', url: '/api/news/summaries?kind=daily_recap&limit=1' })).json().summaries;
    expect(recaps).toHaveLength(1);
    expect(recaps[0]).toMatchObject({
      kind: 'daily_recap',
      model: 'claude-test',
      text: 'Anthropic brief.',
      windowStart: '2026-11-21T00:05:00.000Z',
      windowEnd: '2026-11-22T00:05:00.000Z',
      futuresIncluded: false,
      fallbackReason: null,
    });
    expect(recaps[0].itemIds.length).toBeGreaterThan(0);
    const later = await app.inject({ method: 'GET', url: '/api/news/summaries?since=2026-11-23T00:00:00Z' });
    expect(later.json().summaries).toEqual([]);
    for (const query of ['kind=weekly', 'limit=0', 'limit=201', 'since=soon', 'cursor=x', 'kind=']) {
      const bad = await app.inject({ method: 'GET', url: `/api/news/summaries?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'bad_request' });
    }
  });
  it('counts an undated story by when it was first seen: one first seen in the window is summarized (and said to be undated), one first seen before is not', async () => {
    const [inside, before] = await queryOnce<{ id: string }>(
      database.url,
      `INSERT INTO news_items (title, headline_key, summary, categories, source_count, published_at, first_seen_at, last_seen_at)
       VALUES ('Wildfire forces evacuations near Ojai', 'wildfire forces evacuations near ojai', NULL, '{world}', 9, NULL, '2026-11-21T23:40:00Z', '2026-11-21T23:40:00Z'),
              ('Undated story seen days ago', 'undated story seen days ago', NULL, '{world}', 9, NULL, '2026-11-19T10:00:00Z', '2026-11-19T10:00:00Z')
       RETURNING id::text`,
    );
    try {
      llm.answer = { text: 'Evacuations near Ojai.' };
      const result = await news({}).summarizer.summarize('hourly');
      expect(result.summaryId).not.toBeNull();
      const { user } = lastPrompt();
      // Said to be undated, and after every dated story of the window, though more feeds carry it: a feed that dates
      // nothing may list stories years old.
      const numbered = user.split('\n').filter((line) => /^\[\d+\] /.test(line));
      expect(numbered.length).toBeGreaterThan(1);
      expect(numbered.at(-1)).toMatch(/^\[\d+\] Wildfire forces evacuations near Ojai \(9 sources; world; undated, first seen 2026-11-21T23:40Z\)$/);
      expect(numbered.slice(0, -1).filter((line) => line.includes('undated'))).toEqual([]);
      expect(user).not.toContain('Undated story seen days ago');
      const row = await lastSummary();
      expect(row.item_ids).toContain(inside!.id);
      expect(row.item_ids).not.toContain(before!.id);
    } finally {
      await queryOnce(database.url, 'DELETE FROM news_items WHERE id = ANY ($1::bigint[])', [[inside!.id, before!.id]]);
    }
  });
});
