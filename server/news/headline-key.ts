// Keys that decide when two articles are one: the article's identity, and the story its headline tells.
import { createHash } from 'node:crypto';

const STOPWORDS = new Set(
  'a an the and or but of in on at to for from by with as is are was were be been being it its this that these those after before over under into amid says said say will would could may might has have had not no new live update updates breaking video watch'.split(
    ' ',
  ),
);

// "Headline - Outlet", "Headline | Outlet", "Headline — Outlet": the outlet is not part of the story.
const OUTLET_SUFFIX = /\s+[-|–—]\s+([^-|–—]{2,40})$/;
/** An outlet's name is a few words, fewer than its headline's: "Thema - Schlagzeile" (tagesschau) and
 * "M 4.5 - 10 km SW of Ridgecrest, CA" (USGS) end in the story itself. */
const OUTLET_MAX_WORDS = 4;

const wordCount = (text: string) => text.trim().split(/\s+/).length;

function withoutOutlet(title: string): string {
  const suffix = OUTLET_SUFFIX.exec(title);
  if (!suffix) return title;
  const before = title.slice(0, suffix.index);
  const outletWords = wordCount(suffix[1]!);
  return outletWords <= OUTLET_MAX_WORDS && outletWords < wordCount(before) ? before : title;
}

/** Lower-case words of a text without punctuation or filler words; with `joinDecimals`, "4.5" and "1,200" stay one word. */
function wordsOf(text: string, joinDecimals: boolean): string[] {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’]s\b/g, '');
  return (joinDecimals ? folded.replace(/(\d)[.,](?=\d)/g, '$1') : folded).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0 && !STOPWORDS.has(word));
}

/** Order-free key of words (distinct, sorted); a headline of filler words alone keys by its words as written. */
function keyOf(words: string[], title: string): string {
  return [...new Set(words.length > 0 ? words : title.toLowerCase().split(/\s+/).filter(Boolean))].sort().join(' ');
}

/**
 * Order-free key of a headline (its distinct words, sorted, without punctuation, outlet suffix or filler words; "4.5"
 * and "1,200" one word each): equal keys are the same story.
 */
export function headlineKey(title: string): string {
  return keyOf(wordsOf(withoutOutlet(title), true), title);
}

/**
 * The key an article with neither link nor guid is known by: the headline key as it stood when such articles were
 * first stored, frozen (any dash's suffix cut, digits apart). A change to how stories are matched must not give them
 * new identities: each would be stored again, as a new story.
 */
function identityKey(title: string): string {
  return keyOf(wordsOf(title.replace(/\s+[-|–—]\s+[^-|–—]{2,40}$/, ''), false), title);
}

export interface ArticleIdentityInput {
  canonicalLink: string | null;
  guid: string | null;
  feedUrl: string;
  title: string;
  publishedAt: Date | null;
}

/** One article, one key: the canonical link, else the guid (within its feed), else a hash of title and date. */
export function articleIdentity(input: ArticleIdentityInput): string {
  if (input.canonicalLink) return `link:${input.canonicalLink}`;
  if (input.guid) return `guid:${input.feedUrl}#${input.guid}`;
  const hash = createHash('sha256')
    .update(`${identityKey(input.title)}\n${input.publishedAt?.toISOString() ?? ''}`)
    .digest('hex');
  return `hash:${hash}`;
}

/**
 * Whether two headline keys tell one story: most words shared (Jaccard ≥ 0.7), or the shorter headline
 * (five words or more) almost wholly inside the longer. "Quake strikes off Chile" and "... off Peru" differ.
 */
export function sameStory(keyA: string, keyB: string): boolean {
  if (keyA === keyB) return true;
  const a = new Set(keyA.split(' ').filter(Boolean));
  const b = new Set(keyB.split(' ').filter(Boolean));
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  const jaccard = shared / (a.size + b.size - shared);
  const smaller = Math.min(a.size, b.size);
  return jaccard >= 0.7 || (smaller >= 5 && shared / smaller >= 0.85);
}
