// Feed and model text to plain text: tags dropped, entities decoded, whitespace collapsed, length capped.
import type * as Cheerio from 'cheerio';
import { lazyModule } from '../lazy-module.js';

const cheerio = lazyModule<typeof Cheerio>('cheerio');

const TAG = /<\/?[a-z][^>]*>/i;
// Block-level boundaries become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
const BLOCK_BOUNDARY = /<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td|\/blockquote|hr)\b[^>]*>/gi;
// C0/C1 controls other than tab and newline, and the bidirectional overrides that can disguise text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LINE = '\u2029';

function onePass(html: string): string {
  const $ = cheerio().load(html.replace(BLOCK_BOUNDARY, ' $&'), null, false);
  $('script, style, noscript, iframe, object, template').remove();
  return $.root().text();
}

/** Passes until no tag is left (escaped markup decodes into tags); whatever still looks like one loses its brackets. */
function withoutTags(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3 && TAG.test(current); pass += 1) current = onePass(current);
  return TAG.test(current) ? current.replace(/<(\/?[a-z][^>]*)>/gi, '$1') : current;
}

/** Plain text of a feed field that may hold CDATA HTML, escaped HTML or even doubly escaped HTML. */
export function htmlToText(value: string | null | undefined, maxLength = 4000): string {
  if (!value) return '';
  // Doubly escaped markup (`&lt;p&gt;` inside CDATA) shows up as tags after one pass.
  const text = withoutTags(onePass(value.replace(CONTROL, ' ')));
  return capLength(text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim(), maxLength);
}

/** Model output is untrusted: no markup, no control characters, at most `maxLength` characters; line breaks kept. */
export function untrustedText(value: string, maxLength: number): string {
  // Line breaks (and the markup that means one) survive markup removal as paragraph separators.
  const marked = value
    .replace(CONTROL_EXCEPT_NEWLINE, ' ')
    .replace(/\r?\n|<br\s*\/?>|<\/(?:p|div|li|h[1-6])>/gi, LINE);
  const withoutMarkup = withoutTags(TAG.test(marked) || /&[#a-z0-9]+;/i.test(marked) ? onePass(marked) : marked);
  const lines = withoutMarkup
    .replace(CONTROL, ' ')
    .split(LINE)
    .map((line) => line.replace(/[ \t]+/g, ' ').trim());
  return capLength(lines.join('\n').replace(/\n{3,}/g, '\n\n').trim(), maxLength);
}

export function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  const space = cut.lastIndexOf(' ');
  return `${space > maxLength * 0.8 ? cut.slice(0, space) : cut}…`;
}
