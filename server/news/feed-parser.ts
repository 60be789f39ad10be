// Parses RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed with feedsmith into the articles Vantage stores.
import { createHash } from 'node:crypto';
import type * as Feedsmith from 'feedsmith';
import type { AnyFeed } from 'feedsmith';
import { lazyModule } from '../lazy-module.js';
import { canonicalLink } from './canonical-link.js';
import { parseFeedDate } from './feed-dates.js';
import { newestFirst } from './newest-items.js';
import { htmlToText } from './plain-text.js';
import { storedDate } from './stored-date.js';

const feedsmith = lazyModule<typeof Feedsmith>('feedsmith');

export interface ParsedArticle {
  title: string;
  link: string | null;
  canonicalLink: string | null;
  guid: string | null;
  summary: string | null;
  publishedAt: Date | null;
  imageUrl: string | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string | null;
  articles: ParsedArticle[];
  /** Entries dropped because they had no title at all. */
  skipped: number;
  /** Entries past `maxItems` readable ones, the oldest by their dates (newest-items.ts), not read. */
  overCap: number;
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

export const TITLE_MAX = 500;
export const SUMMARY_MAX = 2000;

interface Media {
  contents?: Array<{ url?: string; medium?: string; type?: string }>;
  thumbnails?: Array<{ url?: string }>;
  groups?: Array<{ contents?: Array<{ url?: string; medium?: string; type?: string }> }>;
}

/** Longer links are not links an article needs, and would not fit a btree index entry. */
const URL_MAX = 2000;
const GUID_MAX = 500;

/** An http(s) URL, relative ones resolved against `base` (the feed's own address) when given. */
function webUrl(value: string | undefined | null, base?: string): string | null {
  if (!value || value.length > URL_MAX) return null;
  try {
    const url = new URL(value.trim(), base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= URL_MAX ? url.toString() : null;
  } catch {
    return null;
  }
}

const XML_ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlAttributeValue(raw: string): string {
  return raw.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
    if (name) return XML_ENTITY[name.toLowerCase()] ?? entity;
    const code = hex ? parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function resolved(value: string, base: string | undefined): string | undefined {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

// Comments, CDATA, processing instructions and the doctype are skipped whole; a tag is <(/)name attributes(/)>.
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[^\]]*\])*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`(\\s${name.replace(':', '\\:')}\\s*=\\s*)(?:"([^"]*)"|'([^']*)')`, 'i');
const XML_BASE = ATTRIBUTE('xml:base');
const HREF = ATTRIBUTE('href');
// Only worth a pass when something is relative: an xml:base anywhere, or a link href without a scheme.
const NEEDS_BASE = /xml:base\s*=|<(?:[\w-]+:)?link\b[^>]*\shref\s*=\s*["'](?![a-z][a-z0-9+.-]*:)/i;

/**
 * Atom links made absolute before parsing (the parser keeps no xml:base): each `<link href>` is resolved
 * against the nearest xml:base in scope (RFC 3986 / XML Base: an xml:base is itself resolved against its
 * parent's), and the document's own address at the top.
 */
export function resolveXmlBase(body: string, documentUrl: string | undefined): string {
  if (!NEEDS_BASE.test(body)) return body;
  const open: Array<{ name: string; base: string | undefined }> = [];
  let out = '';
  let last = 0;
  for (const match of body.matchAll(MARKUP)) {
    const [, closing, name, attributes] = match;
    if (!name) continue;
    if (closing) {
      const at = open.map((element) => element.name).lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    const parentBase = open.at(-1)?.base ?? documentUrl;
    const declared = XML_BASE.exec(attributes ?? '');
    const base = declared ? (resolved(xmlAttributeValue(declared[2] ?? declared[3] ?? ''), parentBase) ?? parentBase) : parentBase;
    if (/^(?:[\w-]+:)?link$/i.test(name)) {
      const href = HREF.exec(attributes ?? '');
      const absolute = href ? resolved(xmlAttributeValue(href[2] ?? href[3] ?? ''), base) : undefined;
      if (href && absolute) {
        const index = match.index + 1 + name.length + (href.index as number);
        out += body.slice(last, index) + `${href[1]}"${escapeAttribute(absolute)}"`;
        last = index + href[0].length;
      }
    }
    if (!(attributes ?? '').trimEnd().endsWith('/')) open.push({ name, base });
  }
  return out + body.slice(last);
}

function isImage(candidate: { medium?: string; type?: string }): boolean {
  return candidate.medium === 'image' || Boolean(candidate.type?.startsWith('image/')) || (!candidate.medium && !candidate.type);
}

function mediaImage(media: Media | undefined, enclosures?: Array<{ url?: string; type?: string }>): string | null {
  const candidates = [
    ...(media?.contents ?? []).filter(isImage),
    ...(media?.groups ?? []).flatMap((group) => (group.contents ?? []).filter(isImage)),
    ...(media?.thumbnails ?? []),
    ...(enclosures ?? []).filter((enclosure) => enclosure.type?.startsWith('image/')),
  ];
  for (const candidate of candidates) {
    const url = webUrl(candidate.url);
    if (url) return url;
  }
  return null;
}

/** Guids are opaque: control characters out, an overlong one replaced by its hash. */
function cleanGuid(raw: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const guid = raw?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!guid) return null;
  return guid.length > GUID_MAX ? `sha256:${createHash('sha256').update(guid).digest('hex')}` : guid;
}

/** An entry's fields as the feed gives them, before they are read into an article. */
interface EntryFields {
  title?: string;
  link?: string | null;
  guid?: string | null;
  summary?: string;
  date?: string;
  imageUrl: string | null;
  base?: string;
}

function article(fields: EntryFields): ParsedArticle | null {
  const summary = htmlToText(fields.summary, SUMMARY_MAX);
  const title = htmlToText(fields.title, TITLE_MAX) || (summary ? summary.slice(0, 120) : '');
  if (!title) return null;
  const link = webUrl(fields.link, fields.base);
  return {
    title,
    link,
    canonicalLink: canonicalLink(link),
    guid: cleanGuid(fields.guid),
    summary: summary && summary !== title ? summary : null,
    publishedAt: parseFeedDate(fields.date),
    imageUrl: fields.imageUrl,
  };
}

/**
 * Throws FeedParseError when the body is not a feed of a known format. Relative links resolve against
 * xml:base, then `documentUrl` (where the feed was read from). Of a longer feed, the `maxItems` newest readable
 * entries are kept, ranked by the dates they would be stored with at `now` (a date a year ahead is no date).
 */
export function parseNewsFeed(body: string, maxItems = 200, documentUrl?: string, now = new Date()): ParsedFeed {
  let parsed: AnyFeed<string>;
  const base = documentUrl;
  try {
    parsed = feedsmith().parseFeed<string>(/^\s*[{[]/.test(body) ? body : resolveXmlBase(body, documentUrl));
  } catch (error) {
    throw new FeedParseError(`not a feed: ${(error as Error).message.slice(0, 200)}`);
  }
  const entries: EntryFields[] = [];
  let title: string | null = null;
  switch (parsed.format) {
    case 'rss': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        const guid = item.guid?.value ?? null;
        // A guid marked as a permalink stands in for a missing link.
        const permalink = item.guid && item.guid.isPermaLink !== false ? webUrl(guid) : null;
        entries.push({
          title: item.title,
          link: item.link ?? permalink,
          guid,
          summary: item.description ?? item.content?.encoded,
          date: item.pubDate ?? item.dc?.dates?.[0],
          imageUrl: mediaImage(item.media as Media | undefined, item.enclosures),
          base,
        });
      }
      break;
    }
    case 'rdf': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        entries.push({
          title: item.title,
          link: item.link ?? item.rdf?.about,
          guid: item.rdf?.about ?? null,
          summary: item.description ?? item.content?.encoded,
          date: item.dc?.dates?.[0],
          imageUrl: mediaImage(item.media as Media | undefined),
          base,
        });
      }
      break;
    }
    case 'atom': {
      title = parsed.feed.title?.value ?? null;
      for (const entry of parsed.feed.entries ?? []) {
        const links = entry.links ?? [];
        const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
        const enclosures = links.filter((link) => link.rel === 'enclosure').map((link) => ({ url: link.href, type: link.type }));
        entries.push({
          title: entry.title?.value,
          link: alternate?.href,
          guid: entry.id ?? null,
          summary: entry.summary?.value ?? entry.content?.value,
          date: entry.published ?? entry.updated ?? entry.dc?.dates?.[0],
          imageUrl: mediaImage(entry.media as Media | undefined, enclosures),
          base,
        });
      }
      break;
    }
    case 'json': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        entries.push({
          title: item.title,
          link: item.url ?? item.external_url,
          guid: item.id ?? null,
          summary: item.summary ?? item.content_html ?? item.content_text,
          date: item.date_published ?? item.date_modified,
          imageUrl: webUrl(item.image ?? item.banner_image, base),
          base,
        });
      }
      break;
    }
  }
  // The newest entries by the dates they would be stored with are read, in that order, until `maxItems` are readable:
  // reading every entry of a feed of thousands into text first cost seconds of the API's CPU for items then dropped.
  const kept: Array<{ index: number; article: ParsedArticle }> = [];
  let read = 0;
  let skipped = 0;
  for (const index of newestFirst(entries, (entry) => storedDate(parseFeedDate(entry.date), now))) {
    if (kept.length >= maxItems) break;
    read += 1;
    const readArticle = article(entries[index]!);
    if (readArticle) kept.push({ index, article: readArticle });
    else skipped += 1;
  }
  // In the file's order, as before the cap.
  const articles = kept.sort((a, b) => a.index - b.index).map((entry) => entry.article);
  return { format: parsed.format, title: title ? htmlToText(title, 200) : null, articles, skipped, overCap: entries.length - read };
}
