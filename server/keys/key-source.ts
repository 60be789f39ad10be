// Where workers read third-party keys. Until keys are stored in the keychain-guarded store (Keys
// issue), they come from settings: FIRE_MAP_KEY for `firms`.
export type KeyProvider = 'firms' | 'llm' | 'telegram';

export interface KeySource {
  /** The key for `provider`, or null when none is configured. Read at each run, so a change applies next run. */
  get(provider: KeyProvider): Promise<string | null>;
}

const SETTING_OF: Record<KeyProvider, string> = { firms: 'FIRE_MAP_KEY', llm: 'LLM_API_KEY', telegram: 'TELEGRAM_BOT_TOKEN' };

export function settingsKeySource(settings: Record<string, string>): KeySource {
  return {
    async get(provider) {
      const value = settings[SETTING_OF[provider]]?.trim();
      return value ? value : null;
    },
  };
}
