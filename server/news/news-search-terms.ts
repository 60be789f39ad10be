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

export function newsSearchTerms(q: string): NewsSearchTerms {
  const text = q.trim();
  // Quotes, "or" and a leading minus are the websearch syntax: asked as written.
  if (/["]/.test(text) || /(?:^|\s)or(?:\s|$)/i.test(text) || /(?:^|\s)-\S*$/.test(text)) return { words: text, prefix: null };
  const last = LAST_WORD.exec(text);
  if (!last?.[1]) return { words: text, prefix: null };
  return { words: text.slice(0, text.length - last[1].length).trim(), prefix: last[1] };
}
