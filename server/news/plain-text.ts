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
// Zero-width space, word joiner and a stray byte-order mark: invisible, meaningless in a headline, and
// they keep equal headlines from comparing equal. (Zero-width joiners stay: scripts and emoji need them.)
const INVISIBLE = /[\u200b\u2060\ufeff]/g;

// What bytes 0x80-0x9F mean in windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D mean nothing there).
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1 = /[\u0080-\u009f]/g;

/**
 * C1 control characters as windows-1252 reads those bytes: text that reached us as U+0080-U+009F (a
 * raw 0x92 that a UTF-8 feed carried as U+0092, or `&#146;`) meant the Windows character, never a control.
 * Browsers and feedparser read them so.
 */
export function windows1252Controls(text: string): string {
  return text.replace(C1, (char) => WINDOWS_1252_C1[(char.codePointAt(0) as number) - 0x80] as string);
}

/** The byte a character stands for when UTF-8 was misread as windows-1252 (or ISO-8859-1); null for none. */
function misreadByte(char: string): number | null {
  const code = char.codePointAt(0) as number;
  if (code >= 0x80 && code <= 0xff) return code;
  const index = WINDOWS_1252_C1.indexOf(char);
  return index >= 0 ? 0x80 + index : null;
}

// A lead byte (Â..ô) followed by characters that stand for continuation bytes (0x80-0xBF).
const MISREAD_CONTINUATION = `[\u0080-\u00bf${WINDOWS_1252_C1.replace(/[\u0080-\u009f]/g, '')}]`;
const MOJIBAKE = new RegExp(`[\u00c2-\u00f4]${MISREAD_CONTINUATION}{1,3}`, 'g');
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

// Bytes whose windows-1252 reading is punctuation (‚ „ … ‹ ‘ ’ “ ” • – — › « »): after a real Ã (Portuguese
// capitals: "IRMÃ”") they are text, not the tail of a misread sequence.
const PUNCTUATION_BYTES = new Set([0x82, 0x84, 0x85, 0x8b, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x9b, 0xab, 0xbb]);

/**
 * Repairs UTF-8 that was decoded as windows-1252 or ISO-8859-1 on the way (`â€¦` for `…`, `Ã©` for `é`),
 * only where that reading is unambiguous: the characters spell one complete UTF-8 sequence, and it is
 * three or four bytes long (`â€™`: a letter followed by two such symbols is not Latin text), or two bytes
 * led by Â (`Â°`, `Â£`) or Ã (`Ã©`, `Ã‰`) — never Ã before a quote or dash, and never other leads
 * (`heiß“` is German, not a misread `ߓ`).
 */
export function repairMojibake(text: string): string {
  return text.replace(MOJIBAKE, (run) => {
    const bytes = [...run].map(misreadByte) as number[];
    const lead = bytes[0] as number;
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (bytes.length < length) return run;
    const sequence = bytes.slice(0, length);
    if (length === 2) {
      const second = sequence[1] as number;
      const misread = (lead === 0xc2 && second >= 0xa0) || (lead === 0xc3 && !PUNCTUATION_BYTES.has(second));
      if (!misread) return run;
    }
    let decoded: string;
    try {
      decoded = STRICT_UTF8.decode(new Uint8Array(sequence));
    } catch {
      return run;
    }
    return decoded + [...run].slice(length).join('');
  });
}

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
  const text = withoutTags(onePass(windows1252Controls(value).replace(CONTROL, ' ')));
  const readable = repairMojibake(windows1252Controls(text)).replace(INVISIBLE, '');
  return capLength(readable.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim(), maxLength);
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
