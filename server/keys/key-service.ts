// Stores, lists and removes third-party keys; the only place that sees a full value after it arrives.
import { invalidInput } from '../domain-errors.js';
import type { KeyEntry } from './key-schemas.js';
import type { ApiKeyRepository } from './api-key-repository.js';
import type { KeyCipher } from './key-cipher.js';
import { KEY_PROVIDERS, type KeyProviderId, maskKey, matchKeyFamily, PROVIDER_FORMATS } from './key-formats.js';
import type { KeySource } from './key-source.js';

export type { KeyEntry };

export class KeyService implements KeySource {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly cipher: KeyCipher,
    /** Settings fallback (FIRE_MAP_KEY, …) for a provider with no stored key. */
    private readonly fallback: KeySource,
  ) {}

  async list(): Promise<KeyEntry[]> {
    const stored = new Map((await this.keys.list()).map((row) => [row.provider, row]));
    return KEY_PROVIDERS.map((provider) => {
      const row = stored.get(provider);
      return {
        provider,
        label: PROVIDER_FORMATS[provider].label,
        configured: Boolean(row),
        masked: row?.masked ?? null,
        family: row?.family ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    });
  }

  async set(provider: KeyProviderId, rawValue: string): Promise<KeyEntry> {
    const value = rawValue.trim();
    const family = matchKeyFamily(provider, value);
    // The message names what was expected, never what was sent.
    if (!family) throw invalidInput('invalid_key_format', `not a valid ${PROVIDER_FORMATS[provider].label}: expected ${PROVIDER_FORMATS[provider].expected}`);
    const masked = maskKey(value);
    const updatedAt = await this.keys.put(provider, this.cipher.encrypt(value, provider), masked, family.name);
    return { provider, label: PROVIDER_FORMATS[provider].label, configured: true, masked, family: family.name, updatedAt: updatedAt.toISOString() };
  }

  async remove(provider: KeyProviderId): Promise<boolean> {
    return this.keys.delete(provider);
  }

  /** For workers: the stored key, else the setting; read at each run so a change applies at once. */
  async get(provider: KeyProviderId): Promise<string | null> {
    const row = await this.keys.get(provider);
    if (row) return this.cipher.decrypt(row.sealed, provider);
    return this.fallback.get(provider);
  }
}
