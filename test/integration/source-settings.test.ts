// The Sources panel's API: settings saved in the database under the environment (which wins), checked by the owning
// domain's reader, and used by the next poll without a restart; the Telegram test message through a loopback Bot API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { runJobWhenFree } from '../support/run-job.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MAP_KEY = 'feedfacecafebeef0123456789abcdef';
const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';

describe('source settings (saved in the app, the environment wins)', () => {
  let firms: FakeFirms;
  let adsb: FakeAdsb;
  let telegram: FakeTelegram;
  let subject: TestApp;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload === undefined ? {} : { payload: payload as object }) });
  const sources = async () => (await api('GET', '/api/sources')).json().sources as Array<Record<string, unknown> & { id: string; settings: Array<Record<string, unknown>> }>;
  const row = async (id: string) => (await sources()).find((source) => source.id === id)!;
  const setting = async (name: string) => (await sources()).flatMap((source) => source.settings).find((entry) => entry.name === name)!;
  const savedRows = async () => queryOnce<{ name: string; value: string }>(subject.database.url, 'SELECT name, value FROM source_settings ORDER BY name');

  beforeAll(async () => {
    firms = await startFakeFirms();
    adsb = await startFakeAdsb();
    telegram = await startFakeTelegram();
    const { ADSB_AGGREGATOR_URL: _aggregator, ...offline } = OFFLINE_STACK_ENV;
    subject = await createTestApp({
      ingesterEnabled: false,
      // LLM_MODEL comes from the environment: shown as such, not editable here.
      settings: { ...offline, FIRE_API_URL: firms.url, TELEGRAM_API_URL: telegram.url, LLM_MODEL: 'env-model', WILDFIRE_INCIDENTS_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await subject?.close();
    await telegram?.close();
    await adsb?.close();
    await firms?.close();
  });

  it('lists one row per source with its state in words, its run-now job and its settings with their origin', async () => {
    const list = await sources();
    expect(list.map((source) => source.id)).toEqual(['fires', 'incidents', 'aircraft', 'cameras', 'news', 'summaries', 'alerts', 'map']);
    expect(await row('incidents')).toMatchObject({ state: 'waiting', stateText: 'Waiting for its first run', job: 'incidents', lastSuccessAt: null });
    expect(await row('alerts')).toMatchObject({ state: 'not-set-up', job: null, key: { provider: 'telegram', configured: false } });
    expect((await row('alerts')).todo).toContain('Telegram bot token');
    expect(await row('summaries')).toMatchObject({ state: 'not-set-up', key: { provider: 'llm', configured: false } });
    // FIRMS' products are offered to pick from; a free-text setting offers none.
    expect(await setting('FIRE_DATASET')).toMatchObject({ value: 'VIIRS_SNPP_NRT', origin: 'default', editable: true, suggestions: ['VIIRS_SNPP_NRT', 'VIIRS_NOAA20_NRT', 'VIIRS_NOAA21_NRT', 'MODIS_NRT'] });
    expect(await setting('FIRE_BBOX')).toMatchObject({ suggestions: [] });
    expect(await setting('LLM_MODEL')).toMatchObject({ value: 'env-model', origin: 'environment', editable: false });
  });

  it('a failing run shows as failing with the reason; an idle one as off', async () => {
    expect((await api('POST', '/api/jobs/incidents')).statusCode).toBe(502);
    const incidents = await row('incidents');
    expect(incidents.state).toBe('failing');
    expect(incidents.stateText).toMatch(/^Failing: /);
    expect(incidents.lastError).toEqual(expect.any(String));
  });

  it('saves a setting (origin saved), refuses a bad value with the reason and stores nothing, and clearing returns to the default', async () => {
    const saved = await api('PUT', '/api/sources/settings', { FIRE_BBOX: '-125,32,-114,42' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.find((entry: { name: string }) => entry.name === 'FIRE_BBOX')).toMatchObject({ value: '-125,32,-114,42', origin: 'saved' });
    expect(await setting('FIRE_BBOX')).toMatchObject({ value: '-125,32,-114,42', origin: 'saved', savedAt: expect.any(String) });

    for (const bad of [{ FIRE_BBOX: '10,10,5,5' }, { FIRE_BBOX: 'everywhere' }, { FIRE_DATASET: 'VIIRS; DROP' }, { ADSB_URL: 'ftp://receiver.local/data' }, { TELEGRAM_CHAT_ID: 'my chat' }, { MAP_STYLE_URL: 'http://insecure.example.org/style.json' }]) {
      const refused = await api('PUT', '/api/sources/settings', { ...bad, FIRE_DATASET: bad.FIRE_DATASET ?? 'MODIS_NRT' });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_setting' } });
      expect(refused.json().error.message).toMatch(/FIRE_BBOX|FIRE_DATASET|ADSB_URL|TELEGRAM_CHAT_ID|MAP_STYLE_URL/);
    }
    // Not even the good value sent beside a bad one was stored.
    expect(await savedRows()).toEqual([{ name: 'FIRE_BBOX', value: '-125,32,-114,42' }]);

    expect((await api('PUT', '/api/sources/settings', { NOT_A_SETTING: 'x' })).statusCode).toBe(400);
    const fromEnvironment = await api('PUT', '/api/sources/settings', { LLM_MODEL: 'other' });
    expect(fromEnvironment.statusCode).toBe(400);
    expect(fromEnvironment.json().error).toMatchObject({ code: 'set_by_environment' });
    expect(fromEnvironment.json().error.message).toContain('LLM_MODEL is set by the environment');
    expect(await setting('LLM_MODEL')).toMatchObject({ value: 'env-model', origin: 'environment' });

    expect((await api('PUT', '/api/sources/settings', { FIRE_BBOX: '  ' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/sources/settings', { FIRE_BBOX: null })).statusCode).toBe(200);
    expect(await setting('FIRE_BBOX')).toMatchObject({ value: 'world', origin: 'default', savedAt: null });
    expect(await savedRows()).toEqual([]);
  });

  it('the next fires run asks FIRMS for the dataset and area saved in the panel', async () => {
    expect((await api('POST', '/api/keys', { provider: 'firms', value: MAP_KEY })).statusCode).toBe(200);
    expect((await api('PUT', '/api/sources/settings', { FIRE_DATASET: 'MODIS_NRT', FIRE_BBOX: '-125,32,-114,42' })).statusCode).toBe(200);
    // Saving the key started a run in the background: Run now once it is over.
    const run = await runJobWhenFree(subject.app, 'fires');
    expect(run.statusCode).toBe(200);
    expect(run.json().result.mode).toBe('area-api');
    expect(firms.requests.at(-1)).toBe(`/api/area/csv/${MAP_KEY}/MODIS_NRT/-125,32,-114,42/1`);
    expect(await row('fires')).toMatchObject({ state: 'working', lastError: null, lastSuccessAt: expect.any(String) });
    await api('PUT', '/api/sources/settings', { FIRE_DATASET: null, FIRE_BBOX: null });
    await api('POST', '/api/jobs/fires');
    expect(firms.requests.at(-1)).toBe(`/api/area/csv/${MAP_KEY}/VIIRS_SNPP_NRT/world/1`);
  });

  it('the next aircraft run reads the source saved in the panel: off, the aggregator, then a local receiver', async () => {
    expect((await api('PUT', '/api/sources/settings', { ADSB_AGGREGATOR_URL: 'off' })).statusCode).toBe(200);
    expect((await api('POST', '/api/jobs/aircraft')).json().result).toMatchObject({ mode: 'off' });
    expect(await row('aircraft')).toMatchObject({ state: 'off' });

    const base = adsb.url.replace(/\/data\/aircraft\.json$/, '');
    adsb.pool = [];
    expect((await api('PUT', '/api/sources/settings', { ADSB_AGGREGATOR_URL: base })).statusCode).toBe(200);
    const before = adsb.requests.length;
    expect((await api('POST', '/api/jobs/aircraft')).json().result).toMatchObject({ mode: 'aggregator' });
    expect(adsb.requests.slice(before).some((path) => path.startsWith('/v2/type/'))).toBe(true);

    adsb.pool = null;
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex: 'a1b2c3', flight: 'CALFIRE1', t: 'S2T', lat: 38.5, lon: -121.5, alt_baro: 3000, seen_pos: 0 }] };
    expect((await api('PUT', '/api/sources/settings', { ADSB_URL: adsb.url })).statusCode).toBe(200);
    const receiver = (await api('POST', '/api/jobs/aircraft')).json().result;
    expect(receiver).toMatchObject({ mode: 'receiver', received: 1, stored: 1 });
    expect(adsb.requests.at(-1)).toBe('/data/aircraft.json');
    expect(await row('aircraft')).toMatchObject({ state: 'working' });
  });

  it('sends a test message through the Bot API with the stored token and the saved chat id, saying what is missing first', async () => {
    const noKey = await api('POST', '/api/sources/telegram/test-message');
    expect(noKey.statusCode).toBe(200);
    expect(noKey.json().message).toBe('Cannot send: no Telegram bot token is set (add one in the Keys tab; @BotFather gives it) and no chat id is set.');
    expect(noKey.json().ok).toBe(false);
    expect((await api('POST', '/api/keys', { provider: 'telegram', value: BOT_TOKEN })).statusCode).toBe(200);
    expect((await api('GET', '/api/keys')).json().keys.find((key: { provider: string }) => key.provider === 'telegram').warning).toContain('no chat id');
    const noChat = await api('POST', '/api/sources/telegram/test-message');
    expect(noChat.statusCode).toBe(200);
    expect(noChat.json().message).toBe('Cannot send: no chat id is set.');
    expect(telegram.received).toHaveLength(0);

    expect((await api('PUT', '/api/sources/settings', { TELEGRAM_CHAT_ID: '-1001234567890' })).statusCode).toBe(200);
    // The keys' warning follows the chat id saved in the panel.
    expect((await api('GET', '/api/keys')).json().keys.find((key: { provider: string }) => key.provider === 'telegram').warning).toBeNull();
    expect(await row('alerts')).toMatchObject({ state: 'waiting' });
    const sent = await api('POST', '/api/sources/telegram/test-message');
    expect(sent.json()).toEqual({ ok: true, message: 'Sent to chat -1001234567890: check Telegram.' });
    expect(telegram.received).toHaveLength(1);
    expect(telegram.received[0]).toMatchObject({ path: `/bot${BOT_TOKEN}/sendMessage`, body: { chat_id: '-1001234567890', text: expect.stringContaining('test message') } });

    await new Promise((resolve) => setTimeout(resolve, 1_050));
    telegram.script.push('server-error');
    const refused = await api('POST', '/api/sources/telegram/test-message');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ ok: false, message: 'Telegram: HTTP 502' });
    expect(JSON.stringify([sent.json(), refused.json(), await sources()])).not.toContain(BOT_TOKEN);
  });

  it('the map style saved in the panel reaches the UI settings and the page CSP at once', async () => {
    const cspOf = async () => (await subject.app.inject({ method: 'GET', url: '/', headers: { host: authorized.host } })).headers['content-security-policy'] as string;
    expect(await cspOf()).toContain("connect-src 'self';");
    expect((await api('PUT', '/api/sources/settings', { MAP_STYLE_URL: 'https://tiles.example.org/style.json' })).statusCode).toBe(200);
    expect((await api('GET', '/api/ui-settings')).json()).toEqual({ mapStyleUrl: 'https://tiles.example.org/style.json' });
    expect(await cspOf()).toContain("connect-src 'self' https:");
    expect(await row('map')).toMatchObject({ state: 'working', stateText: 'Working: an online map style' });
  });

  it('what was saved is read back by an app started afresh on the same database; a saved value now refused is dropped', async () => {
    // As if a rule had tightened since it was saved: the app still starts, with the default.
    await queryOnce(subject.database.url, "INSERT INTO source_settings (name, value) VALUES ('FIRE_BBOX', '10,10,5,5')");
    const restarted = await buildApp(subject.config);
    try {
      await restarted.ready();
      const answer = await restarted.inject({ method: 'GET', url: '/api/sources', headers: authorized });
      const settings = (answer.json().sources as Array<{ settings: Array<{ name: string }> }>).flatMap((source) => source.settings);
      expect(settings.find((entry) => entry.name === 'MAP_STYLE_URL')).toMatchObject({ value: 'https://tiles.example.org/style.json', origin: 'saved' });
      expect(settings.find((entry) => entry.name === 'TELEGRAM_CHAT_ID')).toMatchObject({ value: '-1001234567890', origin: 'saved' });
      expect(settings.find((entry) => entry.name === 'LLM_MODEL')).toMatchObject({ value: 'env-model', origin: 'environment' });
      expect(settings.find((entry) => entry.name === 'FIRE_BBOX')).toMatchObject({ value: 'world', origin: 'default' });
      expect((await savedRows()).map((row) => row.name)).toEqual(['ADSB_AGGREGATOR_URL', 'ADSB_URL', 'MAP_STYLE_URL', 'TELEGRAM_CHAT_ID']);
    } finally {
      await restarted.close();
    }
  });
});
