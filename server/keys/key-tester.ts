// "Test" for a key: one real, cheap call to its provider with the key in use (stored, else from the
// environment), answered in plain words. Bounded (timeout, size cap); the key never goes into a message.
import { FetchError, fetchText } from '../http/bounded-fetch.js';
import type { KeyProviderId } from './key-formats.js';
import type { KeyTestResult } from './key-schemas.js';
import type { KeySource } from './key-source.js';

export interface KeyTestEndpoints {
  /** FIRE_API_URL: the FIRMS host (`/mapserver/mapkey_status/` under it). */
  firmsUrl: string;
  /** LLM_BASE_URL, or null for the provider's public endpoint. */
  llmBaseUrl: string | null;
  llmProvider: 'openai' | 'anthropic' | null;
  openaiUrl: string;
  anthropicUrl: string;
  /** TELEGRAM_API_URL. */
  telegramUrl: string;
  telegramChatId: string | null;
  timeoutMs?: number;
}

const MAX_BYTES = 256 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

export class KeyTester {
  constructor(
    private readonly keys: KeySource,
    private readonly endpoints: KeyTestEndpoints,
  ) {}

  async test(provider: KeyProviderId): Promise<KeyTestResult> {
    const key = await this.keys.get(provider);
    if (!key && !(provider === 'llm' && this.endpoints.llmBaseUrl)) return { ok: false, message: 'no key is set: nothing to test' };
    try {
      const result = provider === 'firms' ? await this.firms(key!) : provider === 'llm' ? await this.llm(key) : await this.telegram(key!);
      return { ok: result.ok, message: this.redact(result.message, key) };
    } catch (error) {
      const reason = error instanceof FetchError ? error.message : 'the request failed';
      return { ok: false, message: this.redact(`could not reach the provider: ${reason}`, key) };
    }
  }

  private redact(message: string, key: string | null): string {
    return key ? message.split(key).join('****') : message;
  }

  private get(url: string, key: string | null, headers: Record<string, string> = {}) {
    return fetchText(url, { timeoutMs: this.endpoints.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBytes: MAX_BYTES, headers, secrets: key ? [key] : [] });
  }

  /** `{FIRE_API_URL}/mapserver/mapkey_status/?MAP_KEY=…`: JSON with the transaction count and limit, or a line of text when refused. */
  private async firms(key: string): Promise<KeyTestResult> {
    const url = `${this.endpoints.firmsUrl.replace(/\/+$/, '')}/mapserver/mapkey_status/?MAP_KEY=${encodeURIComponent(key)}`;
    const response = await this.get(url, key);
    const body = record(parseJson(response.text));
    if (response.status === 200 && typeof body.transaction_limit === 'number') {
      const used = typeof body.current_transactions === 'number' ? body.current_transactions : 0;
      const interval = typeof body.transaction_interval === 'string' ? body.transaction_interval : 'the current window';
      return { ok: true, message: `FIRMS accepted the map key: ${used} of ${body.transaction_limit} transactions used in ${interval}` };
    }
    if (/invalid|exceeded/i.test(response.text) || response.status === 400 || response.status === 401 || response.status === 403) {
      return { ok: false, message: 'FIRMS refused the map key: it is not valid, or it is over its transaction limit for now' };
    }
    return { ok: false, message: `FIRMS answered HTTP ${response.status} without a key status` };
  }

  /** Lists the models (OpenAI-compatible `GET /models` with a bearer key, or Anthropic's with x-api-key): no tokens spent. */
  private async llm(key: string | null): Promise<KeyTestResult> {
    const { llmBaseUrl, llmProvider } = this.endpoints;
    const provider = llmProvider ?? (key?.startsWith('sk-ant-') ? 'anthropic' : 'openai');
    const base = (llmBaseUrl ?? (provider === 'anthropic' ? this.endpoints.anthropicUrl : this.endpoints.openaiUrl)).replace(/\/+$/, '');
    const headers: Record<string, string> =
      provider === 'anthropic' ? { 'anthropic-version': '2023-06-01', ...(key ? { 'x-api-key': key } : {}) } : key ? { authorization: `Bearer ${key}` } : {};
    const response = await this.get(`${base}/models`, key, headers);
    const host = new URL(base).host;
    if (response.status === 200) {
      const data = record(parseJson(response.text)).data;
      const count = Array.isArray(data) ? data.length : null;
      return { ok: true, message: `${host} accepted the key${count === null ? '' : `: ${count} model${count === 1 ? '' : 's'} available`}` };
    }
    if (response.status === 401 || response.status === 403) return { ok: false, message: `${host} refused the key (HTTP ${response.status})` };
    if (response.status === 429) return { ok: false, message: `${host} accepted no more requests for now (HTTP 429): try again later` };
    return { ok: false, message: `${host} answered HTTP ${response.status}` };
  }

  /** Telegram's `getMe`: the bot's name when the token is good; says so when the chat id is missing. */
  private async telegram(key: string): Promise<KeyTestResult> {
    const response = await this.get(`${this.endpoints.telegramUrl.replace(/\/+$/, '')}/bot${key}/getMe`, key);
    const body = record(parseJson(response.text));
    if (response.status === 200 && body.ok === true) {
      const username = record(body.result).username;
      const bot = typeof username === 'string' ? `@${username}` : 'the bot';
      return this.endpoints.telegramChatId
        ? { ok: true, message: `Telegram knows ${bot}; alerts go to chat ${this.endpoints.telegramChatId}` }
        : { ok: true, message: `Telegram knows ${bot}, but no chat id is set: set it in the Sources tab (Alerts delivery) — alerts are not sent` };
    }
    if (response.status === 401 || response.status === 404) return { ok: false, message: `Telegram refused the token (HTTP ${response.status})` };
    return { ok: false, message: `Telegram answered HTTP ${response.status}` };
  }
}
