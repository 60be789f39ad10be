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
});
