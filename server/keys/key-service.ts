// Stores, lists and removes third-party keys; the only place that sees a full value after it arrives.
import { invalidInput } from '../domain-errors.js';
import type { KeyEntry } from './key-schemas.js';
import type { ApiKeyRepository } from './api-key-repository.js';
import type { KeyCipher } from './key-cipher.js';
import { KEY_PROVIDERS, type KeyProviderId, maskKey, matchKeyFamily, PROVIDER_FORMATS } from './key-formats.js';
import type { KeySource } from './key-source.js';

export type { KeyEntry };

export interface KeyContext {
  /** TELEGRAM_CHAT_ID as in effect now (the Sources panel may set it): without it a Telegram key sends nothing. */
  telegramChatId(): string | null;
}

type Current = Pick<KeyEntry, 'configured' | 'origin' | 'masked' | 'family' | 'updatedAt'>;

const NOT_SET: Current = { configured: false, origin: null, masked: null, family: null, updatedAt: null };

export class KeyService implements KeySource {
  private readonly changeListeners = new Set<(provider: KeyProviderId) => void>();
  private readonly lastTests = new Map<KeyProviderId, NonNullable<KeyEntry['lastTest']>>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly cipher: KeyCipher,
    /** Settings fallback (FIRE_MAP_KEY, LLM_API_KEY) for a provider with no stored key. */
    private readonly fallback: KeySource,
    private readonly context: KeyContext = { telegramChatId: () => null },
  ) {}

  private entry(provider: KeyProviderId, current: Current): KeyEntry {
    const format = PROVIDER_FORMATS[provider];
    const warning =
      provider === 'telegram' && current.configured && !this.context.telegramChatId()
        ? 'no chat id: set it in the Sources tab (Alerts delivery) — alerts are not sent'
        : null;
    const lastTest = current.configured ? (this.lastTests.get(provider) ?? null) : null;
    return { provider, label: format.label, ...current, warning, lastTest, purpose: format.purpose, getFrom: format.getFrom, withoutIt: format.withoutIt };
  }

  /** Keeps the outcome of a Test of the key in use (until the key changes), for the Keys tab to show again. */
  recordTest(provider: KeyProviderId, result: { ok: boolean; message: string }, at: Date = new Date()): void {
    this.lastTests.set(provider, { ok: result.ok, message: result.message, at: at.toISOString() });
  }

  /** A key from the environment: masked, its family named, the value itself kept here. */
  private async fromEnvironment(provider: KeyProviderId): Promise<Current> {
    const value = await this.fallback.get(provider);
    if (!value) return NOT_SET;
    return { configured: true, origin: 'environment', masked: maskKey(value), family: matchKeyFamily(provider, value)?.name ?? null, updatedAt: null };
  }

  async list(): Promise<KeyEntry[]> {
    const stored = new Map((await this.keys.list()).map((row) => [row.provider, row]));
    return Promise.all(
      KEY_PROVIDERS.map(async (provider) => {
        const row = stored.get(provider);
        const current: Current = row
          ? { configured: true, origin: 'stored', masked: row.masked, family: row.family, updatedAt: row.updatedAt.toISOString() }
          : await this.fromEnvironment(provider);
        return this.entry(provider, current);
      }),
    );
  }

  async set(provider: KeyProviderId, rawValue: string): Promise<KeyEntry> {
    const value = rawValue.trim();
    const family = matchKeyFamily(provider, value);
    // The message names what was expected, never what was sent.
    if (!family) throw invalidInput('invalid_key_format', `not a valid ${PROVIDER_FORMATS[provider].label}: expected ${PROVIDER_FORMATS[provider].expected}`);
    const masked = maskKey(value);
    const updatedAt = await this.keys.put(provider, this.cipher.encrypt(value, provider), masked, family.name);
    this.changed(provider);
    return this.entry(provider, { configured: true, origin: 'stored', masked, family: family.name, updatedAt: updatedAt.toISOString() });
  }

  /** Removes the stored key; the entry then shows what is left in use (a key from the environment, or none). */
  async remove(provider: KeyProviderId): Promise<boolean> {
    const removed = await this.keys.delete(provider);
    if (removed) this.changed(provider);
    return removed;
  }

  /** Calls `listener` with the provider whose stored key was saved or removed (a source then reads it again at once). */
  onChange(listener: (provider: KeyProviderId) => void): void {
    this.changeListeners.add(listener);
  }

  private changed(provider: KeyProviderId): void {
    // A test was of the key that was in use: the new one (or the environment's, or none) is untested.
    this.lastTests.delete(provider);
    for (const listener of this.changeListeners) listener(provider);
  }

  /** For workers: the stored key, else the setting; read at each run so a change applies at once. */
  async get(provider: KeyProviderId): Promise<string | null> {
    const row = await this.keys.get(provider);
    if (row) return this.cipher.decrypt(row.sealed, provider);
    return this.fallback.get(provider);
  }
}
