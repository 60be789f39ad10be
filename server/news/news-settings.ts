// The news pipeline's settings (NEWS_*, LLM_*, SUMMARY_*, INCLUDE_FUTURES), checked once.
import { z } from 'zod';
import { projectPath } from '../project-root.js';

export const SHIPPED_FEEDS_FILE = projectPath('resources', 'feeds.json');
export const PROMPTS_DIR = projectPath('resources', 'prompts');
export const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_URL = 'https://api.anthropic.com/v1';
export const DEFAULT_MODEL = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

const count = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const newsSettingsSchema = z.object({
  NEWS_FEEDS_FILE: z.string().min(1).default(SHIPPED_FEEDS_FILE),
  NEWS_CONCURRENCY: count(1, 64, 8),
  NEWS_FETCH_TIMEOUT_SECONDS: count(1, 300, 20),
  NEWS_MAX_FEED_BYTES: count(10_000, 100 * 1024 * 1024, 5 * 1024 * 1024),
  NEWS_MAX_ITEMS_PER_FEED: count(1, 2000, 200),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  LLM_TIMEOUT_SECONDS: count(1, 600, 60),
  SUMMARY_BATCH_SIZE: count(1, 500, 40),
  SUMMARY_LOOKBACK_HOURS: count(1, 168, 1),
  SUMMARY_MAX_CHARS: count(200, 50_000, 4000),
  INCLUDE_FUTURES: z.string().optional(),
  NEWS_PROMPTS_DIR: z.string().min(1).default(PROMPTS_DIR),
});

export interface NewsSettings {
  feedsFile: string;
  concurrency: number;
  fetchTimeoutMs: number;
  maxFeedBytes: number;
  maxItemsPerFeed: number;
  llm: {
    /** Set explicitly (a local or alternative server), or null for the provider's public endpoint. */
    baseUrl: string | null;
    model: string | null;
    provider: 'openai' | 'anthropic' | null;
    timeoutMs: number;
  };
  batchSize: number;
  lookbackHours: number;
  maxSummaryChars: number;
  /** INCLUDE_FUTURES set and not `0`: futures and market-move items go to the model too. */
  includeFutures: boolean;
  promptsDir: string;
}

export function readNewsSettings(settings: Record<string, string>): NewsSettings {
  const pick = (name: keyof z.input<typeof newsSettingsSchema>) => settings[name]?.trim() || undefined;
  const parsed = newsSettingsSchema.parse(Object.fromEntries(Object.keys(newsSettingsSchema.shape).map((name) => [name, pick(name as never)])));
  return {
    feedsFile: parsed.NEWS_FEEDS_FILE,
    concurrency: parsed.NEWS_CONCURRENCY,
    fetchTimeoutMs: parsed.NEWS_FETCH_TIMEOUT_SECONDS * 1000,
    maxFeedBytes: parsed.NEWS_MAX_FEED_BYTES,
    maxItemsPerFeed: parsed.NEWS_MAX_ITEMS_PER_FEED,
    llm: {
      baseUrl: parsed.LLM_BASE_URL?.replace(/\/+$/, '') ?? null,
      model: parsed.LLM_MODEL ?? null,
      provider: parsed.LLM_PROVIDER ?? null,
      timeoutMs: parsed.LLM_TIMEOUT_SECONDS * 1000,
    },
    batchSize: parsed.SUMMARY_BATCH_SIZE,
    lookbackHours: parsed.SUMMARY_LOOKBACK_HOURS,
    maxSummaryChars: parsed.SUMMARY_MAX_CHARS,
    includeFutures: parsed.INCLUDE_FUTURES !== undefined && parsed.INCLUDE_FUTURES !== '0',
    promptsDir: parsed.NEWS_PROMPTS_DIR,
  };
}
