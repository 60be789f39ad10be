// Reads public camera directories: HTML listings (Insecam-style `.thumbnail-item` blocks, paginated)
// with cheerio, plain-text lists (`url`, `url<TAB>label`, `label,url`, `label,url,n,n`) and JSON lists
// (an array of URLs, a map of place to URL, or a Caltrans CWWP2 CCTV file with each camera's position).
// Entries that are not camera URLs are skipped and counted with their reason. Nothing here decides whether
// an address is public: the guard does that next.
import type * as Cheerio from 'cheerio';
import { lazyModule } from '../lazy-module.js';
import { isCaltransCctv, parseCaltransCctv } from './caltrans-cctv.js';
import { withStorableText } from './storable-camera-text.js';
import type { DirectoryFormat, DirectoryPage, ListedCamera } from './camera-listing.js';

const cheerio = lazyModule<typeof Cheerio>('cheerio');

export type { DirectoryFormat, DirectoryPage, ListedCamera } from './camera-listing.js';

/** Why an entry of a directory was not taken as a camera. */
export const SKIP = {
  noImage: 'listing block without an image',
  notUrl: 'not a URL',
  markup: 'markup line, not a list entry',
  bareHost: 'host:port without a scheme or path',
  otherScheme: 'not an http(s) URL',
  jsonEntry: 'JSON entry that is not a URL string',
  jsonShape: 'JSON that is neither a list of URLs nor a map of place to URL',
  badJson: 'not valid JSON',
  placeholder: 'placeholder: the list says no camera is there',
} as const;

class Tally {
  readonly reasons: Record<string, number> = {};
  readonly skips: Array<{ reason: string; where: string }> = [];
  count = 0;
  skip(reason: string, where: string): void {
    this.count += 1;
    this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
    this.skips.push({ reason, where });
  }
}

/**
 * Which reader a directory answer goes to: JSON by its type or its first character; HTML by its type or
 * when it starts as an HTML document; everything else (a `.txt` of XML-like blocks included) line by line.
 */
export function directoryFormat(contentType: string, text: string): DirectoryFormat {
  const body = text.replace(/^\ufeff/, '');
  if (/json/i.test(contentType) || (!/html|xml/i.test(contentType) && /^\s*[[{]/.test(body))) return 'json';
  if (/html/i.test(contentType) || /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>])/i.test(body)) return 'html';
  return 'text';
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
  const tally = new Tally();
  $('.thumbnail-item').each((index, element) => {
    const block = $(element);
    const image = block.find('img').first();
    const url = absolute(image.attr('src'), pageUrl);
    if (!url) {
      tally.skip(SKIP.noImage, `block ${index + 1}`);
      return;
    }
    const caption = (block.find('.thumbnail-item__caption').text() || image.attr('title') || image.attr('alt') || '').trim();
    const place = placeFromCaption(caption);
    cameras.push({ url, title: caption || null, ...place });
  });
  const next = $('a[rel="next"], .pagination a.next, a.next').first().attr('href');
  return { format: 'html', cameras, skipped: tally.count, skippedReasons: tally.reasons, skips: tally.skips, nextPage: absolute(next, pageUrl) };
}

/** Lists copied out of web pages keep `&amp;` (even `&amp;amp;`, escaped twice) for `&` inside URLs. */
function unescapeAmpersands(url: string): string {
  let text = url;
  while (/&amp;/i.test(text)) text = text.replace(/&amp;/gi, '&');
  return text;
}

/** A camera from a URL as listed (with an optional label), or the reason it is not one. */
function listed(rawUrl: string, label: string | null, place?: { city: string | null; country: string | null }): ListedCamera | string {
  const candidate = unescapeAmpersands(rawUrl.trim());
  if (!/^https?:\/\//i.test(candidate)) return notUrlReason(candidate);
  const url = absolute(candidate, 'http://invalid.invalid/');
  if (!url) return SKIP.notUrl;
  if (NO_CAMERA_IMAGE.test(new URL(url).pathname)) return SKIP.placeholder;
  return { url, title: label, ...(place ?? (label ? placeFromCaption(label) : { city: null, country: null })) };
}

/** Why a line or value that is not an http(s) URL is not one. */
function notUrlReason(value: string): string {
  if (HOST_PORT.test(value)) return SKIP.bareHost;
  return /^[a-z][a-z0-9+.-]*:\S/i.test(value) ? SKIP.otherScheme : SKIP.notUrl;
}

// `label,url,30,30` and `label,url,5,5,-8,9,17` (a scraper's size and timing columns): numbers after the URL are not part of it.
const TRAILING_NUMBERS = /(?:,\s*-?\d+(?:\.\d+)?)+\s*$/;
const HOST_PORT = /^(?:\[[0-9a-f:.]+\]|[\w-]+(?:\.[\w-]+)*):\d{1,5}\/?$/i;

/**
 * EverySunset's label of the line above a URL: the 5° grid cell it files the camera under (twice; not the camera's
 * position: every latitude of the list is 50 or 55) and the place from the continent down to the town,
 * `50,-57 "50,-57 Nordamerika, Kanada, Newfoundland and Labrador, Red Bay"` (the closing quote may be missing).
 */
const GRID_CELL_LABEL = /^-?\d{1,3}\s*,\s*-?\d{1,3}\s*"\s*(?:-?\d{1,3}\s*,\s*-?\d{1,3}\s+)?([^"]*)"?$/;
/**
 * A label saying no camera is there ("50,75 no webcam available", over the list's placeholder image, or over a
 * camera's URL all the same): no title, and the URL is judged by itself.
 */
const NO_CAMERA_LABEL = /\bno (?:web)?cam(?:era)?s? available\b/i;
/** A placeholder image a list puts where it has no camera (EverySunset's `nowebcam.jpg`). */
const NO_CAMERA_IMAGE = /\/no[-_]?(?:web)?cam(?:era)?\.(?:jpe?g|png|gif)$/i;

/**
 * A camera from a URL line without a label of its own and the line above it, which labels it: its title, and its
 * place when the label is EverySunset's (the town last, its region before it) or reads "Live camera in City, Country".
 */
function listedUnderLabel(url: string, label: string): ListedCamera | string {
  if (NO_CAMERA_LABEL.test(label)) return listed(url, null);
  const cell = GRID_CELL_LABEL.exec(label);
  if (!cell) return listed(url, label);
  const title = (cell[1] as string).replace(/\s+/g, ' ').trim();
  const parts = title.split(',').map((part) => part.trim()).filter(Boolean);
  // The town is last, after at least its country: a label of one part names no town ("Kanada").
  const place = parts.length > 1 ? { city: parts.at(-1) as string, country: parts.at(-2) as string } : { city: null, country: null };
  return listed(url, title || null, place);
}

/**
 * Plain-text lists, one camera a line: `url`, `url<TAB>label`, `url label`, `label,url` and `label,url,n,n…`; a URL
 * alone on its line takes the line above as its label when that line holds no URL (EverySunset's layout, and notes
 * above a link). Blank lines and `#` comments are not entries; every other line that holds no http(s) URL is skipped
 * and counted under its reason.
 */
export function parseTextDirectory(text: string): DirectoryPage {
  const cameras: ListedCamera[] = [];
  const tally = new Tally();
  // A line that is no URL, held until the next line says whether it labels a URL alone on its line.
  let label: { text: string; where: string } | null = null;
  const dropLabel = () => {
    if (label) tally.skip(SKIP.notUrl, label.where);
    label = null;
  };
  for (const [index, rawLine] of text.replace(/^\ufeff/, '').split(/\r?\n|\r/).entries()) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) {
      // A label stands right above its URL: a blank line or a comment between them parts them.
      dropLabel();
      continue;
    }
    let entry: ListedCamera | string;
    if (line.startsWith('<')) {
      entry = SKIP.markup;
    } else if (line.includes('\t')) {
      const [first, ...rest] = line.split('\t');
      entry = listed(first ?? '', rest.join(' ').trim() || null);
    } else if (/^https?:\/\//i.test(line)) {
      const [url, ...words] = line.split(/\s+/);
      const above: { text: string } | null = label;
      if (words.length === 0 && above) {
        label = null;
        entry = listedUnderLabel(url ?? '', above.text);
      } else {
        entry = listed(url ?? '', words.join(' ') || null);
      }
    } else {
      const at = line.search(/,\s*https?:\/\//i);
      if (at > 0) entry = listed(line.slice(at + 1).replace(TRAILING_NUMBERS, ''), line.slice(0, at).trim() || null);
      else entry = notUrlReason(line);
    }
    dropLabel();
    // Only a line with no URL in it and no tab labels the next: a broken `label,url` or `url<TAB>label` is an entry.
    if (entry === SKIP.notUrl && !/https?:/i.test(line) && !line.includes('\t')) label = { text: line, where: `line ${index + 1}` };
    else if (typeof entry === 'string') tally.skip(entry, `line ${index + 1}`);
    else cameras.push(entry);
  }
  dropLabel();
  return { format: 'text', cameras, skipped: tally.count, skippedReasons: tally.reasons, skips: tally.skips, nextPage: null };
}

/** "Alabama, US" → Alabama / US: a map key names the place as "place, country". */
function placeFromKey(key: string): { city: string | null; country: string | null } {
  const caption = placeFromCaption(key);
  if (caption.city) return caption;
  const [city, ...country] = key.split(',').map((part) => part.trim());
  return { city: city || null, country: country.length ? country.join(', ') : null };
}

/** JSON lists: an array of camera URLs, or a map of place ("City, Country") to a camera URL or an array of them. */
export function parseJsonDirectory(text: string): DirectoryPage {
  const cameras: ListedCamera[] = [];
  const tally = new Tally();
  const page = (): DirectoryPage => ({ format: 'json', cameras, skipped: tally.count, skippedReasons: tally.reasons, skips: tally.skips, nextPage: null });
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    tally.skip(SKIP.badJson, 'the whole answer');
    return page();
  }
  if (isCaltransCctv(data)) return parseCaltransCctv(data);
  let entries: Array<[string | null, unknown]>;
  if (Array.isArray(data)) entries = data.map((value) => [null, value]);
  else if (data && typeof data === 'object') {
    entries = Object.entries(data).flatMap(([key, value]): Array<[string, unknown]> => (Array.isArray(value) ? value.map((url) => [key, url]) : [[key, value]]));
  }
  else {
    tally.skip(SKIP.jsonShape, 'the whole answer');
    return page();
  }
  for (const [index, [key, value]] of entries.entries()) {
    const entry = typeof value === 'string' ? listed(value, key?.trim() || null, key ? placeFromKey(key) : undefined) : SKIP.jsonEntry;
    if (typeof entry === 'string') tally.skip(entry, key ? `"${key}"` : `entry ${index + 1}`);
    else cameras.push(entry);
  }
  return page();
}

/** A directory answer read by the reader its format calls for. */
export function parseDirectory(contentType: string, text: string, pageUrl: string): DirectoryPage {
  const format = directoryFormat(contentType, text);
  if (format === 'json') return withStorableText(parseJsonDirectory(text));
  return withStorableText(format === 'html' ? parseHtmlDirectory(text, pageUrl) : parseTextDirectory(text));
}
