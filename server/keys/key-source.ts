// Where workers read third-party keys: the keychain-guarded store (KeyService) first; for `firms` and
// `llm`, the FIRE_MAP_KEY and LLM_API_KEY settings (the environment) as a fallback.
import type { KeyProviderId } from './key-formats.js';

export interface KeySource {
  /** The key for `provider`, or null when none is configured. Read at each run, so a change applies next run. */
  get(provider: KeyProviderId): Promise<string | null>;
}

export const SETTING_OF: Partial<Record<KeyProviderId, string>> = { firms: 'FIRE_MAP_KEY', llm: 'LLM_API_KEY' };

export function settingsKeySource(settings: Record<string, string>): KeySource {
  return {
    async get(provider) {
      const setting = SETTING_OF[provider];
      const value = setting ? settings[setting]?.trim() : undefined;
      return value ? value : null;
    },
  };
}
