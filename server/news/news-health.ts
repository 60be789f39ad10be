// What health shows of news: feeds whose last attempt failed (with the error), and whether the language model answers.
import type { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import type { FailingFeed, FeedStateRepository } from './feed-state-repository.js';

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
}

export async function readNewsHealth(feeds: FeedStateRepository, pipelines: PipelineStatusRepository): Promise<NewsHealth> {
  const [failingFeeds, rows] = await Promise.all([feeds.failing(), pipelines.list()]);
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
  };
}
