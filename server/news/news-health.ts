// What health shows of news: feeds whose last attempt failed (with the error), whether the language model answers, and
// when a digest was last written.
import type { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import type { FailingFeed, FeedStateRepository } from './feed-state-repository.js';
import type { SummaryRepository } from './summary-repository.js';

/** Row name in pipeline_status for the language model's last outcome (not a pipeline of its own). */
export const LLM_STATUS_NAME = 'llm';

export interface NewsHealth {
  failingFeeds: FailingFeed[];
  model: {
    /** False when the last summary fell back to the extractive digest (offline, no key, errors). */
    available: boolean;
    lastSuccessAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
  };
  /**
   * When the newest summary was written (null: none yet). A summaries run with no stories to summarise succeeds and
   * writes nothing: its success alone read "Last success: 48 s ago" beside slots that all said "Nothing yet".
   */
  lastSummaryAt: string | null;
}

export async function readNewsHealth(feeds: FeedStateRepository, pipelines: PipelineStatusRepository, summaries: SummaryRepository): Promise<NewsHealth> {
  const [failingFeeds, rows, lastSummaryAt] = await Promise.all([feeds.failing(), pipelines.list(), summaries.newestWrittenAt()]);
  const row = rows.find((candidate) => candidate.name === LLM_STATUS_NAME);
  const lastSuccess = row?.lastSuccessAt ?? null;
  const lastErrorAt = row?.lastErrorAt ?? null;
  return {
    failingFeeds,
    model: {
      available: lastSuccess !== null && (lastErrorAt === null || lastSuccess >= lastErrorAt),
      lastSuccessAt: lastSuccess?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: lastErrorAt?.toISOString() ?? null,
    },
    lastSummaryAt: lastSummaryAt?.toISOString() ?? null,
  };
}
