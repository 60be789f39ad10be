// One conditional GET of a feed (If-None-Match / If-Modified-Since), with a timeout, a size cap and the feed's own charset.
import { TextDecoder } from 'node:util';
import type * as Chardet from 'chardet';
import { USER_AGENT } from '../http/bounded-fetch.js';
import { requestFailureWords, timedOut } from '../http/network-failure.js';
import { lazyModule } from '../lazy-module.js';

const chardet = lazyModule<typeof Chardet>('chardet');

export type FeedFetchResult =
  | { kind: 'not_modified'; status: 304 }
  | {
      kind: 'fetched';
      status: number;
      body: string;
      /** The charset the body was read in, and whether the feed declared it or it was detected. */
      charset: string;
      charsetFrom: 'declared' | 'detected';
      /** Where the feed was finally read from (after redirects): the base of its relative links. */
      url: string;
      etag: string | null;
      lastModified: string | null;
    }
  | { kind: 'failed'; status: number | null; message: string };

export interface FeedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/** The charset a feed declares: the Content-Type header, else a byte-order mark, else the XML declaration; null when none. */
export function declaredCharset(contentType: string | null, bytes: Uint8Array): string | null {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (declared) return declared.toLowerCase();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // A stray blank line before the declaration is common enough (and harmless) to allow.
  const head = Buffer.from(bytes.subarray(0, 300)).toString('latin1');
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function supported(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

// The ISO-8859 sets that detection names, read as the Windows sets that extend them when the bytes use
// 0x80-0x9F (C1 controls in ISO-8859, letters and punctuation in Windows): what browsers do for -1 and -9.
const WINDOWS_SUPERSET: Record<string, string> = { 'iso-8859-1': 'windows-1252', 'iso-8859-8': 'windows-1255', 'iso-8859-9': 'windows-1254' };

/** The charset of bytes that declare none: UTF-8 when they are valid UTF-8, else what chardet finds, else windows-1252. */
export function detectCharset(bytes: Uint8Array): string {
  if (isValidUtf8(bytes)) return 'utf-8';
  const detected = chardet().detect(bytes)?.toLowerCase() ?? null;
  if (!detected || detected.startsWith('utf') || !supported(detected)) return 'windows-1252';
  const superset = WINDOWS_SUPERSET[detected];
  return superset && bytes.some((byte) => byte >= 0x80 && byte <= 0x9f) ? superset : detected;
}

export interface DecodedFeed {
  text: string;
  charset: string;
  /** How the charset was chosen. */
  from: 'declared' | 'detected';
}

/**
 * Feed bytes as text: in the charset the feed declares (ISO-8859-1, Windows-1251, Shift_JIS …); when it
 * declares none, or declares one we cannot decode, or declares UTF-8 in bytes that are not UTF-8, in the
 * charset detected from the bytes. Text is never decoded into replacement characters when another
 * reading of the bytes exists.
 */
export function decodeFeedBytes(contentType: string | null, bytes: Uint8Array): DecodedFeed {
  const declared = declaredCharset(contentType, bytes);
  const usable = declared && supported(declared) && !(/^utf-?8$/.test(declared) && !isValidUtf8(bytes));
  const charset = usable ? declared : detectCharset(bytes);
  // TextDecoder drops a byte-order mark of its own charset.
  return { text: new TextDecoder(charset).decode(bytes), charset, from: usable ? 'declared' : 'detected' };
}

/** The charset a feed is decoded in: declared, else detected (see decodeFeedBytes). */
export function feedCharset(contentType: string | null, bytes: Uint8Array): string {
  return decodeFeedBytes(contentType, bytes).charset;
}

export function decodeFeed(contentType: string | null, bytes: Uint8Array): string {
  return decodeFeedBytes(contentType, bytes).text;
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
  const decoded = decodeFeedBytes(response.headers.get('content-type'), Buffer.concat(chunks));
  return {
    kind: 'fetched',
    status: response.status,
    body: decoded.text,
    charset: decoded.charset,
    charsetFrom: decoded.from,
    url: response.url || feed.url,
    etag: response.headers.get('etag')?.slice(0, 500) ?? null,
    lastModified: response.headers.get('last-modified')?.slice(0, 100) ?? null,
  };
}

function failure(error: unknown, timeoutMs: number): string {
  const words = requestFailureWords(error, timeoutMs);
  return timedOut(error) ? words : `request failed: ${words}`.slice(0, 300);
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
