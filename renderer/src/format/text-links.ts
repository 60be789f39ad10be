// Web addresses inside a sentence ("Free from NASA FIRMS: https://…/map_key/ (emailed at once)."), so the sentence can
// show them as links. Pure (no imports): unit-tested from Node.

export type TextPart = { text: string } | { url: string };

// An http(s) address up to the first space or bracket, without the punctuation that ends the sentence around it.
const ADDRESS = /https?:\/\/[^\s()<>"]*[^\s()<>".,;:!?']/g;

export function textWithLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ url: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
