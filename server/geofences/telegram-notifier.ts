// Sends each alert through the Telegram Bot API when a `telegram` key and TELEGRAM_CHAT_ID are set:
// one message a second at most, retried with backoff (honouring retry_after), never blocking storage.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { fetchText } from '../http/bounded-fetch.js';
import { printableText } from '../http/safe-text.js';
import type { KeySource } from '../keys/key-source.js';
import type { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import type { AlertNotificationRepository, PendingAlert } from './alert-notification-repository.js';

export const TELEGRAM_DEFAULT_URL = 'https://api.telegram.org';
export const TELEGRAM_STATUS = 'telegram';
const SEND_SPACING_MS = 1_000;

export interface TelegramSettings {
  apiUrl: string;
  chatId: string | null;
}

const telegramSettingsSchema = z.object({
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/, error: 'TELEGRAM_API_URL must be an http(s) URL' }).default(TELEGRAM_DEFAULT_URL),
  // A numeric id (groups and channels are negative, -100…) or a public channel's @username.
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'TELEGRAM_CHAT_ID must be a numeric chat id (such as -1001234567890) or a channel @username')
    .optional(),
});

/** TELEGRAM_API_URL and TELEGRAM_CHAT_ID, checked; read again at each use (the Sources panel may change the chat id). */
export function readTelegramSettings(settings: Record<string, string>): TelegramSettings {
  const parsed = telegramSettingsSchema.parse({
    TELEGRAM_API_URL: settings.TELEGRAM_API_URL?.trim() || undefined,
    TELEGRAM_CHAT_ID: settings.TELEGRAM_CHAT_ID?.trim() || undefined,
  });
  return { apiUrl: parsed.TELEGRAM_API_URL.replace(/\/+$/, ''), chatId: parsed.TELEGRAM_CHAT_ID ?? null };
}

export type TelegramOutcome = { ok: true } | { ok: false; error: string; retryAfterSeconds?: number };

// Telegram's flood control asks for seconds to tens of seconds; a day bounds what a broken or hostile answer can ask
// (1e300 would overflow the timestamp it is added to), and an alert more than a day old is no longer sent anyway.
const MAX_RETRY_AFTER_SECONDS = 86_400;
// Its descriptions are one short line ("Forbidden: bot was blocked by the user"); stored and shown in health.
const MAX_DESCRIPTION_CHARS = 300;

// Each field of Telegram's answer read on its own: one of the wrong kind counts as absent, and never fails the pass.
const telegramAnswerSchema = z
  .object({
    ok: z.boolean().optional().catch(undefined),
    description: z.string().optional().catch(undefined),
    parameters: z
      .object({
        retry_after: z
          .number()
          .transform((seconds) => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds)))
          .optional()
          .catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .catch({});

/** One sendMessage call; Telegram's refusal comes back as its description, the token never. */
export async function sendTelegramMessage(apiUrl: string, token: string, chatId: string, text: string): Promise<TelegramOutcome> {
  try {
    const response = await fetchText(`${apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`, {
      method: 'POST',
      body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
      headers: { 'content-type': 'application/json' },
      timeoutMs: 15_000,
      maxBytes: 1024 * 1024,
      secrets: [token],
    });
    let json: unknown = null;
    try {
      json = JSON.parse(response.text);
    } catch {
      // not JSON: judged by the status below
    }
    const body = telegramAnswerSchema.parse(json);
    if (response.status === 200 && body.ok === true) return { ok: true };
    // The token masked before the length cap, so the cap cannot leave part of it; then no control characters (a NUL
    // cannot be stored).
    const description = body.description === undefined ? '' : printableText(body.description.split(token).join('****').trim(), MAX_DESCRIPTION_CHARS);
    return { ok: false, error: `Telegram: ${description || `HTTP ${response.status}`}`, retryAfterSeconds: body.parameters?.retry_after };
  } catch (error) {
    return { ok: false, error: (error as Error).message.split(token).join('****') };
  }
}

export function alertText(alert: PendingAlert): string {
  return [
    `⚠ ${alert.title}`,
    `inside geofence “${alert.geofenceName}”`,
    `${alert.objectType} ${alert.objectId}`,
    `at ${alert.latitude.toFixed(4)}, ${alert.longitude.toFixed(4)} — ${alert.createdAt}`,
  ].join('\n');
}

export class TelegramNotifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly notifications: AlertNotificationRepository,
    private readonly keys: KeySource,
    private readonly status: PipelineStatusRepository,
    /** A getter is read at each delivery pass: a chat id saved in the Sources panel applies at once. */
    private readonly settings: TelegramSettings | (() => TelegramSettings),
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 2_000): void {
    this.timer = setInterval(() => {
      this.running ??= this.deliverDue()
        .then(() => undefined)
        .catch((error) => this.log.error({ err: error }, 'telegram delivery pass failed'))
        .finally(() => (this.running = null));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due now; answers how many were delivered. */
  async deliverDue(): Promise<number> {
    const token = await this.keys.get('telegram');
    const settings = typeof this.settings === 'function' ? this.settings() : this.settings;
    if (!token || !settings.chatId) return 0;
    const { apiUrl, chatId } = settings;
    const due = await this.notifications.lease(5, 60);
    let delivered = 0;
    for (const [index, alert] of due.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, SEND_SPACING_MS));
      const outcome = await sendTelegramMessage(apiUrl, token, chatId, alertText(alert));
      if (outcome.ok) {
        delivered += 1;
        await this.notifications.delivered(alert.id);
        await this.status.recordSuccess(TELEGRAM_STATUS).catch(() => undefined);
      } else {
        const retryIn = outcome.retryAfterSeconds ?? Math.min(600, 5 * 2 ** alert.attempts);
        await this.notifications.failed(alert.id, outcome.error, retryIn);
        await this.status.recordFailure(TELEGRAM_STATUS, outcome.error).catch(() => undefined);
        this.log.warn({ alert: alert.id, retryIn }, `telegram delivery failed: ${outcome.error}`);
      }
    }
    return delivered;
  }
}
