// What a reader of each real feed should find, worked out here from the formats' own rules — RSS 2.0
// (item title/link/guid/pubDate), RSS 1.0 (item, dc:date), Atom (entry title, alternate link resolved
// against xml:base and the document, published else updated), JSON Feed 1 (title, url, date_published) —
// with plain regular expressions, the platform's TextDecoder, URL and Date, and no code of the app's.
// Deliberately small: it reads these files, not every feed there is.

/** The charset the bytes are written in: header, byte-order mark, XML declaration; else the one the file documents. */
export function oracleCharset(bytes: Buffer, header: string | null, undeclared: string): string {
  const fromHeader = /charset=([\w-]+)/i.exec(header ?? '')?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const declaration = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/.exec(bytes.subarray(0, 300).toString('latin1'))?.[1];
  return (declaration ?? undeclared).toLowerCase();
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '…', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘',
  rdquo: '”', ldquo: '“', laquo: '«', raquo: '»', eacute: 'é', uuml: 'ü', ouml: 'ö', auml: 'ä', szlig: 'ß', copy: '©', reg: '®',
  middot: '·', bull: '•', trade: '™', euro: '€', pound: '£', deg: '°', aacute: 'á', iacute: 'í', oacute: 'ó', uacute: 'ú',
  ntilde: 'ñ', ccedil: 'ç', atilde: 'ã', otilde: 'õ', agrave: 'à', egrave: 'è', ecirc: 'ê', acirc: 'â', ocirc: 'ô',
};
// HTML5 §13.2.5.80: numeric references to 0x80–0x9F name the windows-1252 characters.
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const codePoint = (code: number) => (code >= 0x80 && code <= 0x9f ? WINDOWS_1252[code - 0x80]! : String.fromCodePoint(code));

/** XML character data: CDATA taken as is, references decoded (the five XML entities and numeric ones). */
export function xmlText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
            ref[0] === '#' ? codePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : NAMED[ref.toLowerCase()]!,
          ),
    )
    .join('');
}

/** Text as a reader shows it: markup dropped, HTML references decoded, invisible characters out, blanks collapsed. */
export function plainText(html: string): string {
  let text = html;
  // Escaped markup shows up as tags once decoded; a second round finds it.
  for (let round = 0; round < 2; round += 1) {
    text = text
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|hr)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) =>
        ref[0] === '#' ? codePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : (NAMED[ref] ?? whole),
      );
  }
  return text
    .replace(/[\u200b\u2060\ufeff]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// Month and weekday names of the localised RFC 822 dates in these files (UOL: "Seg, 24 Set 2018").
const MONTH: Record<string, string> = { fev: 'Feb', abr: 'Apr', mai: 'May', ago: 'Aug', set: 'Sep', out: 'Oct', dez: 'Dec' };
// Zone names V8's Date.parse does not know, as RFC 822 and common use define them.
const ZONE: Record<string, string> = { CEST: '+0200', CET: '+0100', BST: '+0100', UTC: '+0000', UT: '+0000' };

/** The instant a feed date names (RFC 822 or ISO 8601; a date without a zone read as UTC), or null. */
export function oracleDate(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let text: string;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    text = value.replace(' ', 'T');
    if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) text += /T/.test(text) ? 'Z' : 'T00:00:00Z';
  } else {
    text = value
      .replace(/^[A-Za-z]+,\s*/, '')
      .replace(/\b([A-Za-z]{3})[a-z]*\b/, (month: string, short: string) => MONTH[short.toLowerCase()] ?? month)
      .replace(/\s([A-Z]{2,4})$/, (whole, zone: string) => (ZONE[zone] ? ` ${ZONE[zone]}` : whole));
    if (!/([+-]\d{4}|[A-Z]{1,4})$/.test(text)) text += ' GMT';
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export interface OracleItem {
  title: string;
  link: string | null;
  publishedAt: string | null;
}

const first = (block: string, pattern: RegExp) => pattern.exec(block)?.[1];
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
const attributeValue = (tag: string, name: string) => {
  const match = attribute(tag, name);
  return match ? xmlText(match[1] ?? match[2] ?? '') : undefined;
};

function resolve(href: string | undefined, base: string | undefined): string | null {
  if (!href?.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Title, else (items with only a description) the description's first 120 characters. */
function titleOf(title: string | undefined, description: string | undefined): string {
  const text = plainText(xmlText(title ?? ''));
  return text || plainText(xmlText(description ?? '')).slice(0, 120);
}

/** The items of a feed as its format defines them; `documentUrl` is where it was served from. */
export function oracleItems(text: string, documentUrl: string): OracleItem[] {
  if (/^\s*[{[]/.test(text)) {
    const feed = JSON.parse(text) as { items?: Array<Record<string, string | undefined>> };
    return (feed.items ?? []).map((item) => ({
      title: titleOf(item.title, item.summary ?? item.content_html ?? item.content_text),
      link: resolve(item.url ?? item.external_url, documentUrl),
      publishedAt: oracleDate(item.date_published ?? item.date_modified),
    }));
  }
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  if (/<feed\b/.test(body) && !/<rss\b|<rdf:RDF\b/.test(body)) {
    const feedBase = resolve(attributeValue(/<feed\b[^>]*>/.exec(body)?.[0] ?? '', 'xml:base'), documentUrl) ?? documentUrl;
    return [...body.matchAll(/<entry\b([^>]*)>([\s\S]*?)<\/entry>/g)].map(([, entryTag, entry]) => {
      const base = resolve(attributeValue(entryTag!, 'xml:base'), feedBase) ?? feedBase;
      const links = [...entry!.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({ rel: attributeValue(tag, 'rel'), href: attributeValue(tag, 'href') }));
      const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
      return {
        title: titleOf(first(entry!, /<title\b[^>]*>([\s\S]*?)<\/title>/), first(entry!, /<summary\b[^>]*>([\s\S]*?)<\/summary>/) ?? first(entry!, /<content\b[^>]*>([\s\S]*?)<\/content>/)),
        link: resolve(alternate?.href, base),
        publishedAt: oracleDate(xmlText(first(entry!, /<published>([\s\S]*?)<\/published>/) ?? first(entry!, /<updated>([\s\S]*?)<\/updated>/) ?? '')),
      };
    });
  }
  return [...body.matchAll(/<item\b([^>]*)>([\s\S]*?)<\/item>/g)].map(([, itemTag, item]) => {
    const guidMatch = /<guid\b([^>]*)>([\s\S]*?)<\/guid>/.exec(item!);
    const permalink = guidMatch && attributeValue(guidMatch[1]!, 'isPermaLink') !== 'false' ? resolve(xmlText(guidMatch[2]!), undefined) : null;
    const link = first(item!, /<link>([\s\S]*?)<\/link>/);
    return {
      title: titleOf(first(item!, /<title\b[^>]*>([\s\S]*?)<\/title>/), first(item!, /<description\b[^>]*>([\s\S]*?)<\/description>/) ?? first(item!, /<content:encoded>([\s\S]*?)<\/content:encoded>/)),
      link: (link ? resolve(xmlText(link), documentUrl) : null) ?? permalink ?? resolve(attributeValue(itemTag!, 'rdf:about'), documentUrl),
      publishedAt: oracleDate(xmlText(first(item!, /<pubDate>([\s\S]*?)<\/pubDate>/) ?? first(item!, /<dc:date>([\s\S]*?)<\/dc:date>/) ?? '')),
    };
  });
}
