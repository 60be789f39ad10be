// Attribution as plain text: a third-party style's (or TileJSON's) attribution HTML is never written
// into the page; MapLibre's own attribution control would set it with innerHTML.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®' };

/** Tags removed, entities decoded, whitespace collapsed. */
export function plainAttributionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each source's attribution as plain text, deduplicated, in source order. */
export function plainAttributions(attributions: ReadonlyArray<string | undefined>): string[] {
  const texts = new Set<string>();
  for (const html of attributions) {
    const text = html ? plainAttributionText(html) : '';
    if (text) texts.add(text);
  }
  return [...texts];
}
