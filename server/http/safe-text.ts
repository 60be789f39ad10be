// Input text that PostgreSQL can store as it came: no NUL (text columns refuse \u0000 with error 22021,
// which would surface as a 500) and no unpaired UTF-16 surrogate (the driver would silently store
// U+FFFD in its place, which is garbage). Every string the API reads goes through safeText().
import { z } from 'zod';

// An unpaired surrogate: a high half not followed by a low half, or a low half not preceded by a high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_MESSAGE = 'must not contain NUL characters (\\u0000)';
export const SURROGATE_MESSAGE = 'must be well-formed Unicode (no unpaired surrogates)';

/** Why a string cannot be stored, or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return null;
}

/** A string without NUL or unpaired surrogates; chain `.trim()`, `.min()`, `.max()`, `.regex()` as usual. */
export function safeText() {
  return z
    .string()
    .refine((value) => !value.includes('\u0000'), NUL_MESSAGE)
    .refine((value) => !LONE_SURROGATE.test(value), SURROGATE_MESSAGE);
}

// Control characters (NUL among them) and unpaired surrogates: what quoting outside text in a stored message removes.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Outside text quoted in what is stored and shown (an error's reason, a skipped record's place): each control character
 * and unpaired surrogate as U+FFFD, so that it can be stored, and at most `max` characters (then `…`).
 */
export function printableText(text: string, max: number): string {
  const clean = text.replace(UNPRINTABLE, '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
