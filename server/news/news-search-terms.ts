// What news search asks PostgreSQL's full text for: the words as typed (websearch syntax: "phrases", or, -not), and
// the last word as a prefix while it may still be being typed. The News tab searches as the analyst types: "Manch"
// found nothing beside four stories for "Manchester". Pure: unit-tested.

export interface NewsSearchTerms {
  /** The text for websearch_to_tsquery: the whole query, or all of it but the word read as a prefix. */
  words: string;
  /** The last word, matched as a prefix (`word:*`); null when the query is written in the websearch syntax. */
  prefix: string | null;
}

// A last word of letters and digits only, after a space or at the start: one that may be half typed.
const LAST_WORD = /(?:^|\s)([\p{L}\p{N}]+)$/u;

/** Quotes, "or" and a last word with a leading minus are the websearch syntax: asked as written. */
function usesWebsearchSyntax(text: string): boolean {
  return /["]/.test(text) || /(?:^|\s)or(?:\s|$)/i.test(text) || /(?:^|\s)-\S*$/.test(text);
}

export function newsSearchTerms(q: string): NewsSearchTerms {
  const text = q.trim();
  if (usesWebsearchSyntax(text)) return { words: text, prefix: null };
  const last = LAST_WORD.exec(text);
  if (!last?.[1]) return { words: text, prefix: null };
  return { words: text.slice(0, text.length - last[1].length).trim(), prefix: last[1] };
}

// Letters with their marks (Hindi's vowel signs, Arabic's vowels), and digits.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of a place's name typed in the search box, each to begin one of a story's words: full text stems English,
 * "Redding" is red, and the town found "Red Cross calls…" and "…Red Hat gibt WildFly 10 frei". Null for the websearch
 * syntax (asked as written) or a query without a word. Lower case, letters, marks and digits only: each is safe as a
 * tsquery term.
 */
export function storyWordPrefixes(q: string): string[] | null {
  // A word left out anywhere ("-drill fire") is not one the story must have.
  if (usesWebsearchSyntax(q.trim()) || /(?:^|\s)-\S/.test(q)) return null;
  const words = q.toLowerCase().match(WORD);
  return words && words.length > 0 ? words : null;
}
