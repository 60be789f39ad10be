// The registry of third-party key providers and the format each key must have.
export const KEY_PROVIDERS = ['firms', 'llm', 'telegram'] as const;
export type KeyProviderId = (typeof KEY_PROVIDERS)[number];

export interface KeyFamily {
  name: string;
  pattern: RegExp;
}

export interface ProviderFormat {
  label: string;
  families: KeyFamily[];
  /** Said in the 400 answer, so the user knows what was expected. */
  expected: string;
  /** What the key is for, where to get one and what works without it: answered by GET /api/keys. */
  purpose: string;
  getFrom: string;
  withoutIt: string;
}

// Most specific first: `sk-ant-`, `sk-or-` and `sk-proj-` also start with `sk-`.
export const PROVIDER_FORMATS: Record<KeyProviderId, ProviderFormat> = {
  firms: {
    label: 'FIRMS map key',
    families: [{ name: 'FIRMS map key', pattern: /^[0-9a-f]{32}$/i }],
    expected: '32 hexadecimal characters',
    purpose: 'Fires from the FIRMS area API: the area and source chosen in the Sources tab, read every 15 minutes (unless the app was started with another fires interval).',
    getFrom: 'Free from NASA FIRMS: https://firms.modaps.eosdis.nasa.gov/api/map_key/ (emailed at once).',
    withoutIt: 'Fires still come from the keyless FIRMS global 24-hour files, refreshed about hourly.',
  },
  llm: {
    label: 'language-model key',
    families: [
      { name: 'Anthropic', pattern: /^sk-ant-[A-Za-z0-9_-]{20,200}$/ },
      { name: 'OpenRouter', pattern: /^sk-or-[A-Za-z0-9_-]{20,200}$/ },
      { name: 'OpenAI project', pattern: /^sk-proj-[A-Za-z0-9_-]{20,300}$/ },
      { name: 'Groq', pattern: /^gsk_[A-Za-z0-9]{20,200}$/ },
      { name: 'OpenAI', pattern: /^sk-[A-Za-z0-9_-]{20,200}$/ },
    ],
    // The length too: "sk-obviously-invalid" starts with sk- and was told it should start with sk-.
    expected: 'an OpenAI (sk-… or sk-proj-…), OpenRouter (sk-or-…), Groq (gsk_…) or Anthropic (sk-ant-…) key: the prefix, then 20 or more letters, digits, - or _',
    purpose: 'Written news digests: a language model summarises the latest stories.',
    getFrom:
      'From your model provider: OpenAI (https://platform.openai.com/api-keys), Anthropic (https://console.anthropic.com), OpenRouter (https://openrouter.ai/keys) or Groq (https://console.groq.com/keys); or set a local model URL in the Sources tab.',
    withoutIt: 'Digests fall back to extractive summaries: the leading sentences of the top stories.',
  },
  telegram: {
    label: 'Telegram bot token',
    families: [{ name: 'Telegram bot token', pattern: /^\d{5,12}:[A-Za-z0-9_-]{35}$/ }],
    expected: 'digits, a colon and 35 characters of A–Z, a–z, 0–9, _ or -',
    purpose: 'Geofence alerts sent to a Telegram chat (its chat id set in the Sources tab).',
    getFrom: 'From @BotFather in Telegram: send /newbot and copy the token it gives.',
    withoutIt: 'Alerts still appear in the app, live; nothing is sent to Telegram.',
  },
};


/** The family a value belongs to, or null; the value itself never leaves this function. */
export function matchKeyFamily(provider: KeyProviderId, value: string): KeyFamily | null {
  return PROVIDER_FORMATS[provider].families.find((family) => family.pattern.test(value)) ?? null;
}

export function maskKey(value: string): string {
  return `****${value.slice(-4)}`;
}
