// The `summaries`, `analyst` and `recap` jobs' work: pick the window's stories, ask the model, fall back to an extractive digest.
import type { FastifyBaseLogger } from 'fastify';
import type { KeySource } from '../keys/key-source.js';
import type { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { EXTRACTIVE_MODEL, extractiveDigest } from './extractive-digest.js';
import { completeChat, type LlmProvider } from './llm-client.js';
import { isMarketMove } from './market-filter.js';
import { LLM_STATUS_NAME } from './news-health.js';
import type { SummaryKind } from './news-query.js';
import { wallClockDayBefore } from './news-schedules.js';
import { ANTHROPIC_DEFAULT_URL, DEFAULT_MODEL, type NewsSettings, OPENAI_DEFAULT_URL } from './news-settings.js';
import { untrustedText } from './plain-text.js';
import { buildSummaryPrompt } from './summary-prompt.js';
import type { SummaryRepository } from './summary-repository.js';

export interface SummaryResult extends Record<string, unknown> {
  kind: SummaryKind;
  summaryId: string | null;
  model: string | null;
  stories: number;
  /** Futures and market-move stories left out of the prompt. */
  marketMovesLeftOut: number;
  /** Why the digest was written without the language model. */
  fallbackReason?: string;
  /** Whether a model was set up to be asked (a key or a local model URL): without one, extractive digests are the plan. */
  modelSetUp?: boolean;
  /** The summary said word for word what the newest of its kind said: that one was kept, its window moved on. */
  unchanged?: boolean;
}

/** Stories read from the window before the futures filter and the batch limit. */
const WINDOW_READ_LIMIT = 2000;

export interface NewsSummarizerDeps {
  summaries: SummaryRepository;
  pipelines: PipelineStatusRepository;
  /** The `llm` key (Keys tab), read at each run. */
  keys: KeySource;
  settings: Pick<NewsSettings, 'llm' | 'batchSize' | 'lookbackHours' | 'maxSummaryChars' | 'includeFutures' | 'promptsDir'>;
  /** A key given by setting when none is stored (LLM_API_KEY). */
  fallbackKey?: string | null;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

type ModelPlan = { provider: LlmProvider; baseUrl: string; model: string; key: string | null } | { unavailable: string };

export class NewsSummarizer {
  private readonly now: () => Date;

  constructor(private readonly deps: NewsSummarizerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async summarize(kind: SummaryKind): Promise<SummaryResult> {
    const { settings } = this.deps;
    const windowEnd = this.now();
    // The recap's window is the day on New York's wall clock, 23 or 25 hours across a daylight-saving change.
    const windowStart = kind === 'daily_recap' ? wallClockDayBefore(windowEnd) : new Date(windowEnd.getTime() - settings.lookbackHours * 3_600_000);
    const windowHours = kind === 'daily_recap' ? Math.round((windowEnd.getTime() - windowStart.getTime()) / 3_600_000) : settings.lookbackHours;
    const inWindow = await this.deps.summaries.storiesInWindow(windowStart, windowEnd, WINDOW_READ_LIMIT);
    const kept = settings.includeFutures ? inWindow : inWindow.filter((story) => !isMarketMove(story));
    const stories = kept.slice(0, settings.batchSize);
    const base = { kind, marketMovesLeftOut: inWindow.length - kept.length, stories: stories.length };
    if (stories.length === 0) return { ...base, summaryId: null, model: null };

    const plan = await this.plan();
    let text: string | null = null;
    let model = EXTRACTIVE_MODEL;
    let fallbackReason: string | null = null;
    let itemIds = stories.map((story) => story.id);
    if ('unavailable' in plan) {
      fallbackReason = plan.unavailable;
    } else {
      try {
        const prompt = await buildSummaryPrompt({
          dir: settings.promptsDir,
          kind,
          windowHours,
          includeFutures: settings.includeFutures,
          maxChars: settings.maxSummaryChars,
          stories,
        });
        const answer = await completeChat({
          ...plan,
          system: prompt.system,
          user: prompt.user,
          maxTokens: Math.min(4096, Math.ceil(settings.maxSummaryChars / 3)),
          timeoutMs: settings.llm.timeoutMs,
        });
        const clean = untrustedText(answer.text, settings.maxSummaryChars);
        if (clean) {
          text = clean;
          model = answer.model;
        } else {
          fallbackReason = 'the language model answered no usable text';
        }
      } catch (error) {
        fallbackReason = (error as Error).message;
      }
    }
    if (text === null) {
      const digest = extractiveDigest(kind, stories, settings.maxSummaryChars);
      text = digest.text;
      itemIds = digest.used.map((story) => story.id);
      await this.deps.pipelines.recordFailure(LLM_STATUS_NAME, fallbackReason ?? 'unavailable');
      this.deps.log?.warn({ kind, reason: fallbackReason }, 'language model unavailable; extractive digest written');
    } else {
      await this.deps.pipelines.recordSuccess(LLM_STATUS_NAME);
    }
    const { id: summaryId, unchanged } = await this.deps.summaries.write({
      kind,
      model,
      windowStart,
      windowEnd,
      body: text,
      futuresIncluded: settings.includeFutures,
      fallbackReason,
      itemIds,
    });
    return { ...base, summaryId, model, modelSetUp: !('unavailable' in plan), ...(unchanged ? { unchanged } : {}), ...(fallbackReason ? { fallbackReason } : {}) };
  }

  /** Which model to ask, or why none can be asked. */
  private async plan(): Promise<ModelPlan> {
    const { llm } = this.deps.settings;
    const key = (await this.deps.keys.get('llm')) ?? this.deps.fallbackKey ?? null;
    // A server the user named (a local Ollama or llama.cpp) may need no key; a public provider does.
    if (!key && !llm.baseUrl) return { unavailable: 'no language-model key: add one in the Keys tab, or set a local model URL in the Sources tab (LLM_BASE_URL)' };
    const provider: LlmProvider = llm.provider ?? (key?.startsWith('sk-ant-') ? 'anthropic' : 'openai');
    return {
      provider,
      baseUrl: llm.baseUrl ?? (provider === 'anthropic' ? ANTHROPIC_DEFAULT_URL : OPENAI_DEFAULT_URL),
      model: llm.model ?? DEFAULT_MODEL[provider],
      key,
    };
  }
}
