// Parses RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed with feedsmith into the articles Vantage stores.
import { createHash } from 'node:crypto';
import type * as Feedsmith from 'feedsmith';
import type { AnyFeed } from 'feedsmith';
import { lazyModule } from '../lazy-module.js';
import { canonicalLink } from './canonical-link.js';
import { parseFeedDate } from './feed-dates.js';
import { htmlToText } from './plain-text.js';

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

function webUrl(value: string | undefined | null): string | null {
  if (!value || value.length > URL_MAX) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
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

function article(fields: {
  title?: string;
  link?: string | null;
  guid?: string | null;
  summary?: string;
  date?: string;
  imageUrl: string | null;
}): ParsedArticle | null {
  const summary = htmlToText(fields.summary, SUMMARY_MAX);
  const title = htmlToText(fields.title, TITLE_MAX) || (summary ? summary.slice(0, 120) : '');
  if (!title) return null;
  const link = webUrl(fields.link);
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

/** Throws FeedParseError when the body is not a feed of a known format. */
export function parseNewsFeed(body: string, maxItems = 200): ParsedFeed {
  let parsed: AnyFeed<string>;
  try {
    parsed = feedsmith().parseFeed<string>(body, { maxItems });
  } catch (error) {
    throw new FeedParseError(`not a feed: ${(error as Error).message.slice(0, 200)}`);
  }
  const candidates: Array<ParsedArticle | null> = [];
  let title: string | null = null;
  switch (parsed.format) {
    case 'rss': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        const guid = item.guid?.value ?? null;
        // A guid marked as a permalink stands in for a missing link.
        const permalink = item.guid && item.guid.isPermaLink !== false ? webUrl(guid) : null;
        candidates.push(
          article({
            title: item.title,
            link: item.link ?? permalink,
            guid,
            summary: item.description ?? item.content?.encoded,
            date: item.pubDate ?? item.dc?.dates?.[0],
            imageUrl: mediaImage(item.media as Media | undefined, item.enclosures),
          }),
        );
      }
      break;
    }
    case 'rdf': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        candidates.push(
          article({
            title: item.title,
            link: item.link ?? item.rdf?.about,
            guid: item.rdf?.about ?? null,
            summary: item.description ?? item.content?.encoded,
            date: item.dc?.dates?.[0],
            imageUrl: mediaImage(item.media as Media | undefined),
          }),
        );
      }
      break;
    }
    case 'atom': {
      title = parsed.feed.title?.value ?? null;
      for (const entry of parsed.feed.entries ?? []) {
        const links = entry.links ?? [];
        const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
        const enclosures = links.filter((link) => link.rel === 'enclosure').map((link) => ({ url: link.href, type: link.type }));
        candidates.push(
          article({
            title: entry.title?.value,
            link: alternate?.href,
            guid: entry.id ?? null,
            summary: entry.summary?.value ?? entry.content?.value,
            date: entry.published ?? entry.updated ?? entry.dc?.dates?.[0],
            imageUrl: mediaImage(entry.media as Media | undefined, enclosures),
          }),
        );
      }
      break;
    }
    case 'json': {
      title = parsed.feed.title ?? null;
      for (const item of parsed.feed.items ?? []) {
        candidates.push(
          article({
            title: item.title,
            link: item.url ?? item.external_url,
            guid: item.id ?? null,
            summary: item.summary ?? item.content_html ?? item.content_text,
            date: item.date_published ?? item.date_modified,
            imageUrl: webUrl(item.image ?? item.banner_image),
          }),
        );
      }
      break;
    }
  }
  const articles = candidates.filter((candidate): candidate is ParsedArticle => candidate !== null);
  return { format: parsed.format, title: title ? htmlToText(title, 200) : null, articles, skipped: candidates.length - articles.length };
}
