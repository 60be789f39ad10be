// The `news` job's work: fetch every due feed (bounded concurrency, conditional), store new articles, fold them into stories.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { ArticleRepository, ArticleToStore } from './article-repository.js';
import { mapWithConcurrency } from '../map-with-concurrency.js';
import { feedBackoffMs, fetchFeed } from './feed-fetcher.js';
import { loadFeedList } from './feed-list.js';
import { FeedParseError, parseNewsFeed, type ParsedArticle } from './feed-parser.js';
import type { FeedState, FeedStateRepository } from './feed-state-repository.js';
import { articleIdentity, headlineKey } from './headline-key.js';
import { UnusableAnswerError } from '../jobs/job-runner.js';
import { markedUnreachable, unreachableIn } from '../http/network-failure.js';
import { type RejectedRecords, RejectionTally } from '../pipelines/rejection-tally.js';
import type { NewsItemRepository } from './news-item-repository.js';
import type { NewsSettings } from './news-settings.js';
import { storedDate } from './stored-date.js';
import type { NewsPruned, NewsRetentionRepository } from './news-retention-repository.js';

export interface ScrapeResult extends Record<string, unknown> {
  feeds: number;
  attempted: number;
  fetched: number;
  notModified: number;
  failed: number;
  /** Failing feeds skipped this run because their backoff has not passed. */
  backedOff: number;
  /** `overCap`: items past NEWS_MAX_ITEMS_PER_FEED in the feeds read, the oldest of each, not read. */
  articles: { received: number; stored: number; overCap: number };
  newsItems: { created: number; merged: number };
  /** Items of the feeds read that are not stories (neither title nor description), by reason: health counts them. */
  rejected: RejectedRecords;
  pruned?: NewsPruned;
}

/** Why an item of a feed that was read is not stored. */
export const UNTITLED = 'item with neither title nor description';

type FeedOutcome =
  | { kind: 'backed_off' }
  | { kind: 'not_modified' }
  | { kind: 'failed'; message: string; untitled?: number }
  | { kind: 'stored'; received: number; stored: number; created: number; merged: number; stories: NewStory[]; untitled: number; overCap: number };

/** The host a link is on, lower case; null without a link. */
function hostOf(link: string | null): string | null {
  if (!link) return null;
  try {
    return new URL(link).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** A story seen for the first time in this run (for the event stream, once it carries news). */
export interface NewStory {
  newsItemId: string;
  /** The name of the feed it came from (the outlet). */
  feed: string;
  title: string;
  summary: string | null;
  link: string | null;
  category: string;
  region: string;
  /** Null when no feed dated it: such a story is kept but never presented as fresh. */
  publishedAt: Date | null;
}

export interface NewsScraperDeps {
  db: Database;
  feeds: FeedStateRepository;
  articles: ArticleRepository;
  items: NewsItemRepository;
  settings: Pick<NewsSettings, 'feedsFile' | 'concurrency' | 'fetchTimeoutMs' | 'maxFeedBytes' | 'maxItemsPerFeed'>;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Told of the stories first seen in a run, after they are stored; a failure here is logged, never fails the run. Counts it answers join the run's result. */
  onStories?: (stories: NewStory[]) => Promise<Record<string, number> | void>;
  /**
   * RETENTION_DAYS: older stories, articles and summaries are removed after each run, and items a feed
   * still lists from before the cutoff are not stored again. Unset: everything is kept.
   */
  retention?: { days: number; repository: NewsRetentionRepository };
}

export class NewsScraper {
  private readonly now: () => Date;
  // Stories are matched one feed at a time, so two feeds fetched together cannot both create one story.
  private storing: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NewsScraperDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async scrape(): Promise<ScrapeResult | { idle: string }> {
    const list = await loadFeedList(this.deps.settings.feedsFile);
    if (list.length === 0) return { idle: `the feed list ${this.deps.settings.feedsFile} is empty` };
    const states = await this.deps.feeds.sync(list);
    const startedAt = this.now();
    // Every feed waiting out its backoff is a network that was down (or a list that is all dead), not 257 feeds gone
    // bad at once: all are tried, so news comes back at the first run after the network does (and Run now tries).
    const everyFeedWaiting = states.every((feed) => feed.nextAttemptAt !== null && feed.nextAttemptAt > startedAt);
    const outcomes = await mapWithConcurrency(states, this.deps.settings.concurrency, (feed) => this.scrapeOne(feed, everyFeedWaiting ? null : startedAt));
    const result: ScrapeResult = {
      feeds: states.length,
      attempted: 0,
      fetched: 0,
      notModified: 0,
      failed: 0,
      backedOff: 0,
      articles: { received: 0, stored: 0, overCap: 0 },
      newsItems: { created: 0, merged: 0 },
      rejected: { count: 0, reasons: [] },
    };
    const errors: string[] = [];
    const rejected = new RejectionTally();
    const stories: NewStory[] = [];
    outcomes.forEach((outcome, index) => {
      if ((outcome.kind === 'stored' || outcome.kind === 'failed') && outcome.untitled) {
        for (let item = 0; item < outcome.untitled; item += 1) rejected.add(UNTITLED, states[index]?.name);
      }
    });
    result.rejected = rejected.toJSON();
    for (const outcome of outcomes) {
      if (outcome.kind === 'backed_off') {
        result.backedOff += 1;
        continue;
      }
      result.attempted += 1;
      if (outcome.kind === 'not_modified') result.notModified += 1;
      else if (outcome.kind === 'failed') {
        result.failed += 1;
        errors.push(outcome.message);
      } else {
        result.fetched += 1;
        result.articles.received += outcome.received;
        result.articles.stored += outcome.stored;
        result.articles.overCap += outcome.overCap;
        result.newsItems.created += outcome.created;
        result.newsItems.merged += outcome.merged;
        stories.push(...outcome.stories);
      }
    }
    if (stories.length > 0 && this.deps.onStories) {
      const counts = await this.deps.onStories(stories).catch((error: unknown) => this.deps.log?.warn({ err: error }, 'news stories could not be passed on'));
      if (counts) Object.assign(result, counts);
    }
    if (this.deps.retention) result.pruned = await this.deps.retention.repository.prune(this.retentionCutoff() as Date);
    if (result.failed === result.attempted) {
      const which = result.failed === 1 ? 'the one feed' : `all ${result.failed} feeds`;
      const error = new UnusableAnswerError(`${which} attempted failed; first error: ${errors[0]}`, result.rejected);
      throw markedUnreachable(error, errors.every((message) => unreachableIn(message) !== null));
    }
    return result;
  }

  private retentionCutoff(): Date | null {
    return this.deps.retention ? new Date(this.now().getTime() - this.deps.retention.days * 86_400_000) : null;
  }

  /** `backoffAfter`: a feed whose next attempt is later waits (null: every feed is tried). */
  private async scrapeOne(feed: FeedState, backoffAfter: Date | null): Promise<FeedOutcome> {
    if (backoffAfter && feed.nextAttemptAt && feed.nextAttemptAt > backoffAfter) return { kind: 'backed_off' };
    const response = await fetchFeed(feed, { timeoutMs: this.deps.settings.fetchTimeoutMs, maxBytes: this.deps.settings.maxFeedBytes });
    const at = this.now();
    if (response.kind === 'not_modified') {
      await this.deps.feeds.recordSuccess(feed.id, at, 304, null);
      return { kind: 'not_modified' };
    }
    if (response.kind === 'failed') return this.fail(feed, at, response.message, response.status);
    let articles: ParsedArticle[];
    let untitled: number;
    let overCap: number;
    try {
      ({ articles, skipped: untitled, overCap } = parseNewsFeed(response.body, this.deps.settings.maxItemsPerFeed, response.url));
    } catch (error) {
      if (error instanceof FeedParseError) return this.fail(feed, at, error.message, response.status);
      throw error;
    }
    // A feed whose items are all unreadable is failing, not quiet (a feed with no items at all is quiet).
    if (articles.length === 0 && untitled > 0) {
      return { ...(await this.fail(feed, at, `nothing usable: all ${untitled} items have neither title nor description`, response.status)), untitled };
    }
    const cutoff = this.retentionCutoff();
    // Items older than the retention would be removed again at the end of the run (and come back next time).
    if (cutoff) articles = articles.filter((article) => !article.publishedAt || article.publishedAt >= cutoff);
    let stored;
    try {
      stored = await this.serialized(() => this.store(feed, articles, at));
    } catch (error) {
      // One feed's unstorable content fails that feed; if the database itself is gone, recording this throws too.
      return this.fail(feed, at, `could not store its articles: ${(error as Error).message}`, response.status);
    }
    await this.deps.feeds.recordSuccess(feed.id, at, response.status, { etag: response.etag, lastModified: response.lastModified });
    return { kind: 'stored', received: articles.length, ...stored, untitled, overCap };
  }

  private async fail(feed: FeedState, at: Date, message: string, status: number | null): Promise<FeedOutcome & { kind: 'failed' }> {
    const nextAttemptAt = new Date(at.getTime() + feedBackoffMs(feed.consecutiveFailures + 1));
    await this.deps.feeds.recordFailure(feed.id, at, message, status, nextAttemptAt);
    this.deps.log?.warn({ feed: feed.url, err: message, nextAttemptAt }, 'news feed failed');
    return { kind: 'failed', message: `${feed.name}: ${message}` };
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.storing.then(work, work);
    this.storing = run.catch(() => undefined);
    return run;
  }

  private async store(
    feed: FeedState,
    parsed: readonly ParsedArticle[],
    at: Date,
  ): Promise<{ stored: number; created: number; merged: number; stories: NewStory[] }> {
    const described: ArticleToStore[] = parsed.map((article) => {
      const published = storedDate(article.publishedAt, at);
      return {
        identityKey: articleIdentity({ canonicalLink: article.canonicalLink, guid: article.guid, feedUrl: feed.url, title: article.title, publishedAt: published }),
        title: article.title,
        link: article.link,
        canonicalLink: article.canonicalLink,
        guid: article.guid,
        summary: article.summary,
        imageUrl: article.imageUrl,
        publishedAt: published,
      };
    });
    // A feed that lists one article twice (BBC: one link under two headlines) gives it its first listing, both as the
    // article and as the story told of it (the story took the last, the article the first).
    const byKey = new Map<string, ArticleToStore>();
    for (const article of described) if (!byKey.has(article.identityKey)) byKey.set(article.identityKey, article);
    const toStore = [...byKey.values()];
    return this.deps.db.transaction(async (client) => {
      const rows = await this.deps.articles.store(client, feed, toStore, at);
      await this.deps.items.prepare(client);
      const stories: NewStory[] = [];
      let merged = 0;
      for (const row of rows.filter((candidate) => candidate.created)) {
        const article = byKey.get(row.identityKey) as ArticleToStore;
        const story = {
          title: article.title,
          summary: article.summary,
          link: article.link,
          category: feed.category,
          region: feed.region,
          publishedAt: article.publishedAt,
        };
        const outcome = await this.deps.items.assign(client, {
          ...story,
          articleId: row.id,
          feedId: feed.id,
          linkHost: hostOf(article.link),
          headlineKey: headlineKey(article.title),
          imageUrl: article.imageUrl,
          seenAt: at,
        });
        if (outcome.created) stories.push({ ...story, newsItemId: outcome.newsItemId, feed: feed.name });
        else merged += 1;
      }
      await this.deps.items.recountSources(
        client,
        rows.filter((row) => row.created || row.newSource).map((row) => row.id),
      );
      return { stored: rows.filter((row) => row.created).length, created: stories.length, merged, stories };
    });
  }
}
