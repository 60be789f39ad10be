// "Send test message": one message through the Telegram Bot API with the stored bot token and the chat id in effect,
// so the Sources panel can show that alerts will arrive. Spaced like alert delivery (one a second at most). Like a
// key test, a refusal or a missing piece is an answer (ok: false, in words), not an error.
import { readTelegramSettings, sendTelegramMessage } from '../geofences/telegram-notifier.js';
import type { KeySource } from '../keys/key-source.js';
import type { TelegramTestResult } from './source-settings-schemas.js';

const MIN_SPACING_MS = 1_000;
export const TEST_MESSAGE_TEXT = 'Vantage test message: geofence alerts will arrive in this chat.';

export class TelegramTestMessage {
  private lastSentAt = 0;

  constructor(
    private readonly keys: KeySource,
    /** The settings in effect now (TELEGRAM_API_URL, TELEGRAM_CHAT_ID). */
    private readonly settings: () => Record<string, string>,
    private readonly now: () => number = Date.now,
  ) {}

  async send(): Promise<TelegramTestResult> {
    const token = await this.keys.get('telegram');
    const { apiUrl, chatId } = readTelegramSettings(this.settings());
    const missing = [token ? null : 'no Telegram bot token is set (add one in the Keys tab; @BotFather gives it)', chatId ? null : 'no chat id is set'];
    const reasons = missing.filter((reason): reason is string => reason !== null);
    if (!token || !chatId) return { ok: false, message: `Cannot send: ${reasons.join(' and ')}.` };
    if (this.now() - this.lastSentAt < MIN_SPACING_MS) return { ok: false, message: 'A test message was just sent: wait a second and try again.' };
    this.lastSentAt = this.now();
    const outcome = await sendTelegramMessage(apiUrl, token, chatId, TEST_MESSAGE_TEXT);
    return outcome.ok ? { ok: true, message: `Sent to chat ${chatId}: check Telegram.` } : { ok: false, message: outcome.error };
  }
}
