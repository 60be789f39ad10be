// The news domain assembled: its four jobs, its routes' dependencies and its health facts, for app.ts to wire.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { JobDefinition } from '../jobs/job-runner.js';
import type { KeySource } from '../keys/key-source.js';
import { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { ArticleRepository } from './article-repository.js';
import { FeedStateRepository } from './feed-state-repository.js';
import { type NewsHealth, readNewsHealth } from './news-health.js';
import { NewsQueries } from './news-queries.js';
import { NewsItemRepository } from './news-item-repository.js';
import type { NewsRoutesOptions } from './news-routes.js';
import type { SummaryKind } from './news-query.js';
import { type NewsSchedule, newsSchedules, nextRunTimes } from './news-schedules.js';
import { type NewStory, NewsScraper } from './news-scraper.js';
import { NewsRetentionRepository } from './news-retention-repository.js';
import { NewsSearchRepository } from './news-search-repository.js';
import { type NewsSettings, readNewsSettings } from './news-settings.js';
import { NewsSummarizer } from './news-summarizer.js';
import { SummaryRepository } from './summary-repository.js';

export interface NewsDeps {
  db: Database;
  keys: KeySource;
  /** config.settings: NEWS_*, LLM_* (LLM_API_KEY when no `llm` key is stored), SUMMARY_*, INCLUDE_FUTURES. */
  settings: Record<string, string>;
  /** The settings in effect now (the Sources panel's saved values under the environment's): the model server and model are read from it at each summary. */
  currentSettings?: () => Record<string, string>;
  log?: FastifyBaseLogger;
  /** Time zone of the :00/:05/15-minute schedules; the machine's own by default. */
  timezone?: string;
  /** This process runs the schedules (SCHEDULES_ENABLED): the summaries list then says when each kind's job runs next. */
  schedulesRun?: boolean;
  now?: () => Date;
  /** Stories first seen in a scrape (placed on the map as `news` events: story-placer.ts); counts it answers join the run's result. */
  onStories?: (stories: NewStory[]) => Promise<Record<string, number> | void>;
  /** RETENTION_DAYS for the news tables; unset keeps everything. */
  retentionDays?: number;
}

export interface NewsModule {
  settings: NewsSettings;
  scraper: NewsScraper;
  summarizer: NewsSummarizer;
  jobs: JobDefinition[];
  routes: NewsRoutesOptions;
  health(): Promise<NewsHealth>;
}

interface SummaryJob {
  name: 'summaries' | 'analyst' | 'recap';
  schedule: NewsSchedule;
}

/**
 * The hourly summary, and while no daily recap was ever written, a first one of the stories so far: the recap's own run
 * is at 23:00 in New York, and on day one its slot, pinned at the top of the brief, stayed empty all day with the
 * stories already in.
 */
async function hourlyWithFirstRecap(summarizer: NewsSummarizer, summaries: SummaryRepository): Promise<Record<string, unknown>> {
  const hourly = await summarizer.summarize('hourly');
  if (hourly.summaryId === null || (await summaries.list({ kind: 'daily_recap', limit: 1 })).length > 0) return hourly;
  return { ...hourly, firstRecap: await summarizer.summarize('daily_recap') };
}

export function createNews(deps: NewsDeps): NewsModule {
  const settings = readNewsSettings(deps.settings);
  const feeds = new FeedStateRepository(deps.db);
  const pipelines = new PipelineStatusRepository(deps.db);
  const scraper = new NewsScraper({
    db: deps.db,
    feeds,
    articles: new ArticleRepository(),
    items: new NewsItemRepository(deps.db),
    settings,
    log: deps.log,
    now: deps.now,
    onStories: deps.onStories,
    ...(deps.retentionDays ? { retention: { days: deps.retentionDays, repository: new NewsRetentionRepository(deps.db) } } : {}),
  });
  const summaries = new SummaryRepository(deps.db);
  const current = deps.currentSettings;
  const summarizer = new NewsSummarizer({
    summaries,
    pipelines,
    keys: deps.keys,
    // The model (LLM_BASE_URL, LLM_MODEL) as in effect at each summary; the rest as at start.
    settings: current
      ? {
          ...settings,
          get llm() {
            return readNewsSettings(current()).llm;
          },
        }
      : settings,
    fallbackKey: deps.settings.LLM_API_KEY?.trim() || null,
    log: deps.log,
    now: deps.now,
  });
  const schedules = newsSchedules(deps.timezone);
  // The job that writes each summary kind, and when it runs.
  const summaryJobs: Record<SummaryKind, SummaryJob> = {
    hourly: { name: 'summaries', schedule: schedules.summaries },
    analyst: { name: 'analyst', schedule: schedules.analyst },
    daily_recap: { name: 'recap', schedule: schedules.recap },
  };
  const jobs: JobDefinition[] = [
    {
      name: 'news',
      pipeline: 'news',
      schedule: schedules.news.pattern,
      timezone: schedules.news.timezone,
      run: () => scraper.scrape(),
    },
    ...(Object.entries(summaryJobs) as Array<[SummaryKind, SummaryJob]>).map(
      ([kind, job]): JobDefinition => ({
        name: job.name,
        pipeline: 'summaries',
        // At start, after the news scrape: the first recap stays pinned until the next evening.
        ...(kind === 'hourly' ? { after: 'news' as const } : {}),
        schedule: job.schedule.pattern,
        timezone: job.schedule.timezone,
        run: kind === 'hourly' ? () => hourlyWithFirstRecap(summarizer, summaries) : () => summarizer.summarize(kind),
      }),
    ),
  ];
  const now = deps.now ?? (() => new Date());
  const nextSummaryAt = (kind: SummaryKind): Date | null => (deps.schedulesRun ? (nextRunTimes(summaryJobs[kind].schedule, now())[0] ?? null) : null);
  return {
    settings,
    scraper,
    summarizer,
    jobs,
    routes: { news: new NewsQueries(new NewsSearchRepository(deps.db), summaries, nextSummaryAt) },
    health: () => readNewsHealth(feeds, pipelines, summaries),
  };
}
