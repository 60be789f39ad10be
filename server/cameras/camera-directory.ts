// Reads public camera directories: HTML listings (Insecam-style `.thumbnail-item` blocks, paginated)
// with cheerio, and plain-text lists (`url`, `url<TAB>label`, `label,url`). Lines that are not URLs are
// counted and skipped. Nothing here decides whether an address is public: the guard does that next.
import type * as Cheerio from 'cheerio';
import { lazyModule } from '../lazy-module.js';

const cheerio = lazyModule<typeof Cheerio>('cheerio');

export interface ListedCamera {
  url: string;
  title: string | null;
  city: string | null;
  country: string | null;
}

export interface DirectoryPage {
  cameras: ListedCamera[];
  skipped: number;
  /** Absolute URL of the next page of a paginated listing, if any. */
  nextPage: string | null;
}

/** "Live camera in Seoul, Korea, Republic of" → Seoul / Korea, Republic of (a country may hold commas). */
export function placeFromCaption(caption: string): { city: string | null; country: string | null } {
  const match = /live (?:camera|cam|webcam) in\s+(.+)$/i.exec(caption.trim());
  if (!match) return { city: null, country: null };
  const [city, ...country] = (match[1] as string).split(',').map((part) => part.trim());
  return { city: city || null, country: country.length ? country.join(', ') : null };
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function parseHtmlDirectory(html: string, pageUrl: string): DirectoryPage {
  const $ = cheerio().load(html);
  const cameras: ListedCamera[] = [];
  let skipped = 0;
  $('.thumbnail-item').each((_, element) => {
    const block = $(element);
    const image = block.find('img').first();
    const url = absolute(image.attr('src'), pageUrl);
    if (!url) {
      skipped += 1;
      return;
    }
    const caption = (block.find('.thumbnail-item__caption').text() || image.attr('title') || image.attr('alt') || '').trim();
    const place = placeFromCaption(caption);
    cameras.push({ url, title: caption || null, ...place });
  });
  const next = $('a[rel="next"], .pagination a.next, a.next').first().attr('href');
  return { cameras, skipped, nextPage: absolute(next, pageUrl) };
}

export function parseTextDirectory(text: string): DirectoryPage {
  const cameras: ListedCamera[] = [];
  let skipped = 0;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    let url: string | null = null;
    let label: string | null = null;
    if (line.includes('\t')) {
      const [first, ...rest] = line.split('\t');
      url = first?.trim() ?? null;
      label = rest.join(' ').trim() || null;
    } else if (/^https?:\/\//i.test(line)) {
      url = line;
    } else {
      // label,url — the URL is the last comma-separated part that parses as one.
      const at = line.search(/,\s*https?:\/\//i);
      if (at > 0) {
        label = line.slice(0, at).trim();
        url = line.slice(at + 1).trim();
      }
    }
    const valid = url ? absolute(url, 'http://invalid.invalid/') : null;
    if (!valid || !/^https?:\/\//i.test(url ?? '')) {
      skipped += 1;
      continue;
    }
    cameras.push({ url: valid, title: label, ...(label ? placeFromCaption(label) : { city: null, country: null }) });
  }
  return { cameras, skipped, nextPage: null };
}
