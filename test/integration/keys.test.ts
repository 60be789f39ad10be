import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { obtainDataKey } from '../../main/keychain/data-key.js';
import { closeServerLogger, createServerLogger } from '../../server/logger.js';
import { startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { startFakeKeyCheck, type FakeKeyCheck } from '../support/fake-key-check.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/process-check.js';
import { runJobWhenFree } from '../support/run-job.js';
import { queryOnce } from '../support/test-database.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const FIRMS_KEY = 'feedfacecafebeef0123456789abcdef';
const LLM_KEY = 'sk-proj-SuperSecretValue0123456789abcdefXYZ';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.isFile() ? [path.join(dir, entry.name)] : [])),
  );
  return nested.flat();
}

async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    if ((await readFile(file).catch(() => Buffer.alloc(0))).includes(needle)) found.push(file);
  }
  return found;
}

describe('keys: formats, masking, encryption at rest, workers read them', () => {
  let dataDir: string;
  let logger: ReturnType<typeof createServerLogger> | undefined;
  let firms: FakeFirms;
  let subject: TestApp;
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload ? { payload: payload as object } : {}) });

  const firesPipeline = async () =>
    (await queryOnce<{ last_error: string | null; last_success_at: Date | null }>(subject.database.url, "SELECT last_error, last_success_at FROM pipeline_status WHERE name = 'fires'"))[0] ?? {
      last_error: null,
      last_success_at: null,
    };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-keys-'));
    firms = await startFakeFirms();
    logger = createServerLogger({ level: 'trace', dataDir, toStdout: false });
    subject = await createTestApp(
      { ingesterEnabled: false, dataDir, settings: { FIRE_API_URL: firms.url, FIRE_MAP_KEY: '00000000000000000000000000000000' } },
      { logger },
    );
  });
  afterAll(async () => {
    await subject?.close();
    await firms?.close();
    if (logger) await closeServerLogger(logger);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('GET /api/keys lists every provider: none stored, the FIRMS key from the environment shown as set, masked', async () => {
    const response = await api('GET', '/api/keys');
    type Entry = { provider: string; configured: boolean; origin: string | null; masked: string | null };
    expect(response.json().keys.map((entry: Entry) => [entry.provider, entry.configured, entry.origin, entry.masked])).toEqual([
      ['firms', true, 'environment', '****0000'],
      ['llm', false, null, null],
      ['telegram', false, null, null],
    ]);
    expect(response.body).not.toContain('00000000000000000000000000000000');
    for (const entry of response.json().keys) {
      expect(entry.purpose.length).toBeGreaterThan(10);
      expect(entry.getFrom.length).toBeGreaterThan(10);
      expect(entry.withoutIt.length).toBeGreaterThan(10);
      expect(entry.warning).toBeNull();
    }
  });

  it('refuses a value of the wrong format with 400, without echoing it, and stores nothing', async () => {
    const response = await api('POST', '/api/keys', { provider: 'firms', value: 'not-a-map-key-but-a-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_key_format', message: 'not a valid FIRMS map key: expected 32 hexadecimal characters' });
    expect(response.body).not.toContain('not-a-map-key-but-a-secret');
    // A value with a right prefix but too short is told the length, not only the prefix it has.
    const short = await api('POST', '/api/keys', { provider: 'llm', value: 'sk-obviously-invalid' });
    expect(short.json().error.message).toMatch(/: the prefix, then 20 or more letters, digits, - or _$/);
    expect(short.body).not.toContain('sk-obviously-invalid');
    for (const body of [{ provider: 'weather', value: 'x' }, { provider: 'llm' }, { provider: 'llm', value: 'x'.repeat(600) }]) {
      expect((await api('POST', '/api/keys', body)).statusCode).toBe(400);
    }
    expect((await api('GET', '/api/keys')).json().keys.every((entry: { origin: string | null }) => entry.origin !== 'stored')).toBe(true);
  });

  it('stores a key and answers only its masked tail and family', async () => {
    const response = await api('POST', '/api/keys', { provider: 'llm', value: LLM_KEY });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'llm', configured: true, origin: 'stored', masked: '****fXYZ', family: 'OpenAI project' });
    expect(response.body).not.toContain(LLM_KEY);
    const list = await api('GET', '/api/keys');
    expect(list.body).not.toContain(LLM_KEY);
    expect(list.json().keys.find((entry: { provider: string }) => entry.provider === 'llm')).toMatchObject({ masked: '****fXYZ', configured: true });
    const [row] = await queryOnce<{ masked: string; sealed: Buffer }>(subject.database.url, "SELECT masked, sealed FROM api_keys WHERE provider = 'llm'");
    expect(row?.sealed.includes(Buffer.from(LLM_KEY))).toBe(false);
    expect(row?.masked).toBe('****fXYZ');
  });

  it('the FIRMS poller uses the stored key from the next run on, without a restart', async () => {
    firms.answer = { fixture: 'viirs-empty.csv' };
    await subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });
    expect(firms.requests.at(-1)).toContain('/00000000000000000000000000000000/');
    const before = firms.requests.length;
    expect((await api('POST', '/api/keys', { provider: 'firms', value: FIRMS_KEY })).statusCode).toBe(200);
    // Saving the key runs the fires job at once (no Run now, no wait for the next run), and the run succeeds.
    await waitFor(async () => (firms.requests.slice(before).some((request) => request.includes(`/${FIRMS_KEY}/`)) ? true : undefined), 10_000, 'a fires run with the new key');
    await waitFor(async () => ((await firesPipeline()).last_error === null && (await firesPipeline()).last_success_at ? true : undefined), 10_000, 'that run recorded');
    firms.answer = { error: 'key' };
    const failed = await runJobWhenFree(subject.app, 'fires');
    expect(failed.statusCode).toBe(502);
    expect(failed.body).not.toContain(FIRMS_KEY);
  });

  it('removing the FIRMS key runs the fires job at once with the one left (the environment key here)', async () => {
    firms.answer = { fixture: 'viirs-empty.csv' };
    const before = firms.requests.length;
    expect((await api('DELETE', '/api/keys?provider=firms')).statusCode).toBe(204);
    await waitFor(async () => (firms.requests.slice(before).some((request) => request.includes('/00000000000000000000000000000000/')) ? true : undefined), 10_000, 'a fires run with the key left');
    await waitFor(async () => ((await firesPipeline()).last_error === null ? true : undefined), 10_000, 'the failure of the refused key no longer shown');
  });

  it('DELETE removes a key (204), then 404', async () => {
    expect((await api('DELETE', '/api/keys?provider=llm')).statusCode).toBe(204);
    expect((await api('DELETE', '/api/keys?provider=llm')).statusCode).toBe(404);
    expect((await api('DELETE', '/api/keys?provider=nope')).statusCode).toBe(400);
    expect((await api('GET', '/api/keys')).json().keys.find((entry: { provider: string }) => entry.provider === 'llm').configured).toBe(false);
  });

  it('no plaintext of a stored key anywhere: database files, data dir, logs, health', async () => {
    await api('POST', '/api/keys', { provider: 'llm', value: LLM_KEY });
    await queryOnce(inject('postgresAdminUrl'), 'CHECKPOINT');
    const health = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(health.body).not.toContain(LLM_KEY);
    expect(health.json().keys.storage).toBe('ephemeral');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await filesContaining(inject('postgresDataDir'), LLM_KEY)).toEqual([]);
    expect(await filesContaining(inject('postgresDataDir'), FIRMS_KEY)).toEqual([]);
    expect(await filesContaining(dataDir, LLM_KEY)).toEqual([]);
    expect(await filesContaining(dataDir, FIRMS_KEY)).toEqual([]);
    // The log was written (so the grep looked at something).
    expect((await stat(path.join(dataDir, 'logs', 'vantage.log'))).size).toBeGreaterThan(0);
  });
});

describe('keys that tell the truth: origin, warnings, and a real test call per provider', () => {
  const ENV_LLM_KEY = 'sk-or-EnvironmentKey0123456789abcdefQRST';
  const FIRMS_GOOD = 'abcdefabcdefabcdefabcdefabcd1234';
  const FIRMS_BAD = 'ffffffffffffffffffffffffffff9999';
  const TELEGRAM_GOOD = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQr';
  const TELEGRAM_BAD = '123456789:ZZbbCCddEEffGGhhIIjjKKllMMnnOOppQQr';
  let dataDir: string;
  let logger: ReturnType<typeof createServerLogger> | undefined;
  let fake: FakeKeyCheck;
  let subject: TestApp;
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload ? { payload: payload as object } : {}) });
  const entry = async (provider: string) => (await api('GET', '/api/keys')).json().keys.find((one: { provider: string }) => one.provider === provider);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-keys-truth-'));
    fake = await startFakeKeyCheck();
    fake.accepted.add(FIRMS_GOOD).add(ENV_LLM_KEY).add(TELEGRAM_GOOD);
    logger = createServerLogger({ level: 'trace', dataDir, toStdout: false });
    subject = await createTestApp(
      {
        ingesterEnabled: false,
        dataDir,
        settings: { FIRE_API_URL: fake.url, LLM_BASE_URL: fake.llmUrl, LLM_API_KEY: ENV_LLM_KEY, TELEGRAM_API_URL: fake.url },
      },
      { logger },
    );
  });
  afterAll(async () => {
    await subject?.close();
    await fake?.close();
    if (logger) await closeServerLogger(logger);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a key from the environment (LLM_API_KEY) shows as set, with its origin and masked, never in full', async () => {
    const response = await api('GET', '/api/keys');
    expect(response.body).not.toContain(ENV_LLM_KEY);
    expect(await entry('llm')).toMatchObject({ configured: true, origin: 'environment', masked: '****QRST', family: 'OpenRouter', updatedAt: null });
    expect((await entry('llm')).getFrom).toContain('OpenAI');
    expect((await entry('firms')).getFrom).toContain('https://firms.modaps.eosdis.nasa.gov/api/map_key/');
    expect((await entry('firms')).withoutIt).toMatch(/keyless/);
    expect((await entry('llm')).withoutIt).toMatch(/extractive/);
    expect((await entry('telegram')).getFrom).toMatch(/BotFather/);
  });

  it('Test with no key says so, without calling anyone', async () => {
    const before = fake.requests.length;
    const response = await api('POST', '/api/keys/firms/test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: false, message: 'no key is set: nothing to test' });
    expect(fake.requests.length).toBe(before);
    expect((await api('POST', '/api/keys/weather/test')).statusCode).toBe(400);
  });

  it('FIRMS: the mapkey_status answer, good and refused, the key never in the message', async () => {
    await api('POST', '/api/keys', { provider: 'firms', value: FIRMS_GOOD });
    const good = await api('POST', '/api/keys/firms/test');
    expect(good.json()).toEqual({ ok: true, message: 'FIRMS accepted the map key: 12 of 5000 transactions used in 10 minutes' });
    // Storing a FIRMS key starts a fires run against the same fake, so its requests are told apart by path.
    expect(fake.requests.filter((request) => request.path.startsWith('/mapserver/')).at(-1)?.path).toBe(`/mapserver/mapkey_status/?MAP_KEY=${FIRMS_GOOD}`);
    await api('POST', '/api/keys', { provider: 'firms', value: FIRMS_BAD });
    const bad = await api('POST', '/api/keys/firms/test');
    expect(bad.json()).toMatchObject({ ok: false, message: expect.stringMatching(/FIRMS refused the map key/) });
    expect(bad.body).not.toContain(FIRMS_BAD);
  });

  it('LLM: lists models with the environment key; a refused stored key says so in plain words', async () => {
    const good = await api('POST', '/api/keys/llm/test');
    expect(good.json()).toEqual({ ok: true, message: `${new URL(fake.url).host} accepted the key: 1 model available` });
    expect(fake.requests.filter((request) => !request.path.startsWith('/api/area/')).at(-1)).toMatchObject({ path: '/v1/models', authorization: `Bearer ${ENV_LLM_KEY}` });
    await api('POST', '/api/keys', { provider: 'llm', value: LLM_KEY });
    const bad = await api('POST', '/api/keys/llm/test');
    expect(bad.json()).toEqual({ ok: false, message: `${new URL(fake.url).host} refused the key (HTTP 401)` });
    expect(bad.body).not.toContain(LLM_KEY.slice(-8));
    // The failed test stays on the row (the Keys tab shows it when the analyst comes back), until the key changes.
    const tested = await entry('llm');
    expect(tested.lastTest).toMatchObject({ ok: false, message: `${new URL(fake.url).host} refused the key (HTTP 401)` });
    expect(Date.now() - Date.parse(tested.lastTest!.at)).toBeLessThan(60_000);
    expect((await api('DELETE', '/api/keys?provider=llm')).statusCode).toBe(204);
    expect(await entry('llm')).toMatchObject({ configured: true, origin: 'environment', lastTest: null });
  });

  it('Telegram without a chat id is a warning, and getMe says whose bot it is', async () => {
    await api('POST', '/api/keys', { provider: 'telegram', value: TELEGRAM_GOOD });
    expect(await entry('telegram')).toMatchObject({ configured: true, origin: 'stored', warning: 'no chat id: set it in the Sources tab (Alerts delivery) — alerts are not sent' });
    const good = await api('POST', '/api/keys/telegram/test');
    expect(good.json()).toEqual({ ok: true, message: 'Telegram knows @vantage_alerts_bot, but no chat id is set: set it in the Sources tab (Alerts delivery) — alerts are not sent' });
    await api('POST', '/api/keys', { provider: 'telegram', value: TELEGRAM_BAD });
    const bad = await api('POST', '/api/keys/telegram/test');
    expect(bad.json()).toEqual({ ok: false, message: 'Telegram refused the token (HTTP 401)' });
    expect(bad.body).not.toContain(TELEGRAM_BAD);
  });

  it('an unreachable or hung provider is a bounded, plain answer with no key in it', async () => {
    await fake.close();
    const response = await api('POST', '/api/keys/telegram/test');
    expect(response.json().ok).toBe(false);
    expect(response.json().message).toMatch(/^could not reach the provider: request to http:\/\/127\.0\.0\.1:\d+\/bot\*\*\*\*\/getMe failed/);
    expect(response.body).not.toContain(TELEGRAM_BAD);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await filesContaining(dataDir, TELEGRAM_BAD)).toEqual([]);
    expect(await filesContaining(dataDir, FIRMS_BAD)).toEqual([]);
    expect(await filesContaining(dataDir, ENV_LLM_KEY)).toEqual([]);
  });
});

describe('the data key: OS keychain, or a 0600 key file where there is none', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-datakey-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses the Secret Service keychain (gnome-keyring on a D-Bus session), keeps the same key, and later refuses to switch to a file when the keychain is away', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'vantage-keyring-home-'));
    try {
      const script = `echo -n test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node --import tsx test/support/keychain-probe.ts "${dataDir}"`;
      const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', script], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: home, XDG_RUNTIME_DIR: home },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const line = result.stdout.trim().split('\n').at(-1) ?? '';
      expect(line, result.stderr).toMatch(/^\{/);
      expect(JSON.parse(line)).toMatchObject({ kind: 'keychain', same: true, keyFile: false });
      expect((await readFile(path.join(dataDir, 'keys', 'store'), 'utf8')).trim()).toBe('keychain');

      // A later launch where the keychain does not answer is refused: no new key, no switch to a file.
      const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
      delete process.env.DBUS_SESSION_BUS_ADDRESS;
      try {
        await expect(obtainDataKey({ dataDir })).rejects.toThrow(/key is in the OS keychain, which did not give it .*unlock the keychain/);
        expect(existsSync(path.join(dataDir, 'keys', 'data-key'))).toBe(false);
      } finally {
        if (saved !== undefined) process.env.DBUS_SESSION_BUS_ADDRESS = saved;
      }
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('falls back to a key file (0600) when no keychain answers on the first run, says why, and keeps to it', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    const fileDir = path.join(dataDir, 'file-store');
    try {
      const first = await obtainDataKey({ dataDir: fileDir });
      const second = await obtainDataKey({ dataDir: fileDir });
      expect(first.storage.kind).toBe('file');
      expect(first.storage.detail).toMatch(/no keychain \(no D-Bus session/);
      expect(second.key).toBe(first.key);
      expect(Buffer.from(first.key, 'base64')).toHaveLength(32);
      expect((await stat(path.join(fileDir, 'keys', 'data-key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(fileDir, 'keys', 'store'), 'utf8')).trim()).toBe('file');
      // The key file gone: the stored keys cannot be opened, and a new key is not quietly made.
      await rm(path.join(fileDir, 'keys', 'data-key'));
      await expect(obtainDataKey({ dataDir: fileDir })).rejects.toThrow(/data-key is missing: the keys stored in this data folder cannot be opened/);
    } finally {
      if (saved !== undefined) process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });
});
