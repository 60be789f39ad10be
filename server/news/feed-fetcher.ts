// One conditional GET of a feed (If-None-Match / If-Modified-Since), with a timeout and a size cap.
import { fetchText, FetchError } from '../http/bounded-fetch.js';

export type FeedFetchResult =
  | { kind: 'not_modified'; status: 304 }
  | { kind: 'fetched'; status: number; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; status: number | null; message: string };

export interface FeedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

export async function fetchFeed(
  feed: { url: string; etag: string | null; lastModified: string | null },
  options: FeedFetchOptions,
): Promise<FeedFetchResult> {
  const headers: Record<string, string> = { accept: ACCEPT };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  try {
    const response = await fetchText(feed.url, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, headers });
    if (response.status === 304) return { kind: 'not_modified', status: 304 };
    if (response.status < 200 || response.status >= 300) return { kind: 'failed', status: response.status, message: `HTTP ${response.status}` };
    return {
      kind: 'fetched',
      status: response.status,
      body: response.text,
      etag: response.headers.get('etag')?.slice(0, 500) ?? null,
      lastModified: response.headers.get('last-modified')?.slice(0, 100) ?? null,
    };
  } catch (error) {
    if (error instanceof FetchError) return { kind: 'failed', status: null, message: error.message };
    throw error;
  }
}

const HOUR_MS = 3_600_000;

/**
 * How long a feed that has now failed `failures` times in a row waits: the next hourly run after the
 * first failure, then 2, 4, 8 … hours, at most a day. Slightly under whole hours so a run at :00 qualifies.
 */
export function feedBackoffMs(failures: number): number {
  const hours = Math.min(24, 2 ** Math.max(0, failures - 1));
  return hours * HOUR_MS - 5 * 60_000;
}

/** Runs `work` over `items`, at most `limit` at a time; answers results in input order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
