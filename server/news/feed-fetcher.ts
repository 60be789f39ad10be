// One conditional GET of a feed (If-None-Match / If-Modified-Since), with a timeout, a size cap and the feed's own charset.
import { TextDecoder } from 'node:util';
import { USER_AGENT } from '../http/bounded-fetch.js';

export type FeedFetchResult =
  | { kind: 'not_modified'; status: 304 }
  | { kind: 'fetched'; status: number; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; status: number | null; message: string };

export interface FeedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/** The charset a feed is written in: the Content-Type header, else a byte-order mark, else the XML declaration, else UTF-8. */
export function feedCharset(contentType: string | null, bytes: Uint8Array): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (declared) return declared.toLowerCase();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Feed bytes as text in their own charset (ISO-8859-1, Windows-1251, Shift_JIS …); an unknown charset is read as UTF-8. */
export function decodeFeed(contentType: string | null, bytes: Uint8Array): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(feedCharset(contentType, bytes));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}

// Like fetchText (server/http/bounded-fetch.ts) but keeps the bytes, because feeds are not all UTF-8.
export async function fetchFeed(
  feed: { url: string; etag: string | null; lastModified: string | null },
  options: FeedFetchOptions,
): Promise<FeedFetchResult> {
  const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': USER_AGENT };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  let response: Response;
  try {
    response = await fetch(feed.url, { headers, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
  } catch (error) {
    return { kind: 'failed', status: null, message: failure(error, options.timeoutMs) };
  }
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'not_modified', status: 304 };
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'failed', status: response.status, message: `HTTP ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'failed', status: response.status, message: `feed is ${declared} bytes; the limit is ${options.maxBytes}` };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > options.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'failed', status: response.status, message: `feed passed the ${options.maxBytes}-byte limit` };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    return { kind: 'failed', status: response.status, message: failure(error, options.timeoutMs) };
  }
  return {
    kind: 'fetched',
    status: response.status,
    body: decodeFeed(response.headers.get('content-type'), Buffer.concat(chunks)),
    etag: response.headers.get('etag')?.slice(0, 500) ?? null,
    lastModified: response.headers.get('last-modified')?.slice(0, 100) ?? null,
  };
}

function failure(error: unknown, timeoutMs: number): string {
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `request failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`.slice(0, 300);
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
