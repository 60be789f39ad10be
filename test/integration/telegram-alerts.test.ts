import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertNotificationRepository } from '../../server/geofences/alert-notification-repository.js';
import { TelegramNotifier } from '../../server/geofences/telegram-notifier.js';
import { createServerLogger } from '../../server/logger.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';

describe('alerts through the Telegram Bot API (fake on loopback)', () => {
  let telegram: FakeTelegram;
  let adsb: FakeAdsb;
  let subject: TestApp;
  let notifier: TelegramNotifier;
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload ? { payload: payload as object } : {}) });
  const health = async () => (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    adsb = await startFakeAdsb();
    subject = await createTestApp({ ingesterEnabled: false, settings: { ADSB_URL: adsb.url } });
    notifier = new TelegramNotifier(
      new AlertNotificationRepository(subject.app.db),
      subject.app.keys,
      new PipelineStatusRepository(subject.app.db),
      { apiUrl: telegram.url, chatId: '-1001234567890' },
      createServerLogger({ level: 'silent', toStdout: false }),
    );
    await api('POST', '/api/geofences', { name: 'Depot', geometry: { type: 'Polygon', coordinates: [[[10, 50], [11, 50], [11, 51], [10, 51], [10, 50]]] } });
    // The fence's first aircraft poll takes what is overhead as already there: one with nothing inside.
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex: 'c0ffff', flight: 'FAR1', t: 'A320', lat: 40, lon: 0, alt_baro: 4000, seen_pos: 0 }] };
    expect((await api('POST', '/api/jobs/aircraft')).json().result.alerts).toBe(0);
  });
  afterAll(async () => {
    await subject?.close();
    await adsb?.close();
    await telegram?.close();
  });

  const enter = async (hex: string) => {
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex, flight: 'DLH9X', t: 'A320', lat: 50.5, lon: 10.5, alt_baro: 4000, seen_pos: 0 }] };
    expect((await api('POST', '/api/jobs/aircraft')).json().result.alerts).toBe(1);
  };

  it('sends nothing without a telegram key, and keeps the alert', async () => {
    await enter('c00001');
    expect(await notifier.deliverDue()).toBe(0);
    expect(telegram.received).toHaveLength(0);
  });

  it('with a key: a rate-limited send waits for retry_after, then goes through', async () => {
    expect((await api('POST', '/api/keys', { provider: 'telegram', value: BOT_TOKEN })).statusCode).toBe(200);
    telegram.script.push('rate-limited');
    expect(await notifier.deliverDue()).toBe(0);
    expect(telegram.received).toHaveLength(1);
    expect((await health()).notifications.telegram.lastError).toBe('Telegram: Too Many Requests: retry after 1');
    expect(await notifier.deliverDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await notifier.deliverDue()).toBe(1);
    const sent = telegram.received.at(-1)!;
    expect(sent.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(sent.body.chat_id).toBe('-1001234567890');
    expect(sent.body.text).toContain('inside geofence “Depot”');
    expect(sent.body.text).toContain('aircraft c00001');
    expect((await health()).notifications.telegram).toMatchObject({ lastError: null, lastSuccessAt: expect.any(String) });
    expect(await notifier.deliverDue()).toBe(0);
  });

  it('a failing Bot API shows in health, never blocks storing, and never shows the token', async () => {
    telegram.script.push('server-error');
    await enter('c00002');
    expect(await notifier.deliverDue()).toBe(0);
    const report = await health();
    expect(report.notifications.telegram.lastError).toBe('Telegram: HTTP 502');
    expect(JSON.stringify(report)).not.toContain(BOT_TOKEN);
    const [row] = await queryOnce<{ n: string }>(subject.database.url, "SELECT count(*) AS n FROM alerts WHERE object_id = 'c00002'");
    expect(Number(row?.n)).toBe(1);
    const [pending] = await queryOnce<{ notify_error: string; notify_attempts: number }>(
      subject.database.url,
      "SELECT notify_error, notify_attempts FROM alerts WHERE object_id = 'c00002'",
    );
    expect(pending).toEqual({ notify_error: 'Telegram: HTTP 502', notify_attempts: 1 });
  });

  /** An alert's delivery state, with how many seconds from now it is next tried. */
  const delivery = async (hex: string) =>
    (
      await queryOnce<{ notified: boolean; notify_attempts: number; notify_error: string | null; wait_seconds: number }>(
        subject.database.url,
        `SELECT notified_at IS NOT NULL AS notified, notify_attempts, notify_error,
                extract(epoch FROM next_notify_at - now())::float8 AS wait_seconds
         FROM alerts WHERE object_id = $1`,
        [hex],
      )
    )[0];

  /**
   * Two alerts enter; one pass is answered first with `answer`, then with success. Answers which alert was refused
   * (the lease hands them out in no set order) and which went through.
   */
  const passWithOneRefused = async (hexes: [string, string], answer: { status: number; body: unknown }) => {
    // The alerts of the tests above are out of the way: this pass leases only its own two.
    await queryOnce(subject.database.url, 'UPDATE alerts SET notified_at = now() WHERE notified_at IS NULL');
    for (const hex of hexes) await enter(hex);
    const sent = telegram.received.length;
    telegram.script.push(answer);
    expect(await notifier.deliverDue()).toBe(1);
    const [refused, deliveredHex] = telegram.received.slice(sent).map((request) => /aircraft (\w+)/.exec(request.body.text)?.[1] ?? '');
    expect([refused, deliveredHex].sort()).toEqual([...hexes].sort());
    expect(await delivery(deliveredHex ?? '')).toMatchObject({ notified: true });
    return refused ?? '';
  };

  it('a 429 asking to wait 1e300 seconds: the rest of the pass is delivered, the refused one waits at most a day, then goes', async () => {
    const refused = await passWithOneRefused(['c00003', 'c00004'], {
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1e300 } },
    });
    const waiting = await delivery(refused);
    expect(waiting).toMatchObject({ notified: false, notify_attempts: 1, notify_error: 'Telegram: Too Many Requests' });
    expect(waiting?.wait_seconds).toBeGreaterThan(86_400 - 60);
    expect(waiting?.wait_seconds).toBeLessThanOrEqual(86_400);

    // A day later (moved here rather than waited for), it is tried again and goes through.
    await queryOnce(subject.database.url, 'UPDATE alerts SET next_notify_at = now() WHERE object_id = $1', [refused]);
    expect(await notifier.deliverDue()).toBe(1);
    expect(await delivery(refused)).toMatchObject({ notified: true, notify_attempts: 1, notify_error: null });
  });

  it('a retry_after that is not a number: the rest of the pass is delivered, the refused one waits the first backoff step', async () => {
    const refused = await passWithOneRefused(['c00005', 'c00006'], {
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests\u001b[31m', parameters: { retry_after: 'abc' } },
    });
    const waiting = await delivery(refused);
    expect(waiting).toMatchObject({ notified: false, notify_attempts: 1, notify_error: 'Telegram: Too Many Requests\uFFFD[31m' });
    // No usable retry_after: the first step of the backoff (5 s).
    expect(waiting?.wait_seconds).toBeGreaterThan(0);
    expect(waiting?.wait_seconds).toBeLessThanOrEqual(5);
  });

  it('a description with NUL and control characters: the rest of the pass is delivered, the error stored clean and capped', async () => {
    const refused = await passWithOneRefused(['c00007', 'c00008'], {
      status: 400,
      body: { ok: false, error_code: 400, description: `Bad Request: ${'chat\u0000 not found\u0007 '.repeat(400)}` },
    });
    const waiting = await delivery(refused);
    expect(waiting).toMatchObject({ notified: false, notify_attempts: 1 });
    expect(waiting?.notify_error).toMatch(/^Telegram: Bad Request: chat\uFFFD not found\uFFFD chat\uFFFD not found/);
    // "Telegram: ", 300 characters of the description and an ellipsis.
    expect(waiting?.notify_error?.length).toBe(311);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(waiting?.notify_error).not.toMatch(/[\u0000-\u001f\u007f]/);
  });
});
