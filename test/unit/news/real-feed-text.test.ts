// The building blocks that real feeds and real camera lists needed (issue #16): charset detection,
// windows-1252 C1 characters, double-encoded UTF-8, undated items, localised dates, relative links, and
// camera list lines with extra columns. The real files themselves are exercised in test/real-data/.
import { describe, expect, it } from 'vitest';
import { directoryFormat, parseJsonDirectory, parseTextDirectory } from '../../../server/cameras/camera-directory.js';
import { parseFeedDate } from '../../../server/news/feed-dates.js';
import { decodeFeedBytes, declaredCharset } from '../../../server/news/feed-fetcher.js';
import { parseNewsFeed } from '../../../server/news/feed-parser.js';
import { decodeNewsCursor, encodeNewsCursor } from '../../../server/news/news-query.js';
import { storedDate } from '../../../server/news/stored-date.js';
import { htmlToText, repairMojibake, windows1252Controls } from '../../../server/news/plain-text.js';

describe('feed text from real feeds', () => {
  it('reads C1 characters and &#128;-&#159; the windows-1252 way', () => {
    expect(windows1252Controls('don\u0092t \u0093q\u0094 \u0080')).toBe('don’t “q” €');
    expect(htmlToText('don\u0092t')).toBe('don’t');
    expect(htmlToText('don&#146;t')).toBe('don’t');
    // Positions windows-1252 leaves empty stay controls, and controls go.
    expect(htmlToText('a\u0081b')).toBe('a b');
  });

  it('repairs unambiguous double-encoded UTF-8 and leaves real Latin text alone', () => {
    expect(repairMojibake('Wait for itâ€¦')).toBe('Wait for it…');
    expect(repairMojibake('itâ€™s')).toBe('it’s');
    expect(repairMojibake('cafÃ© Ã‰cole 20Â°C')).toBe('café École 20°C');
    expect(repairMojibake('Manche mögen’s heiß“ im Kino')).toBe('Manche mögen’s heiß“ im Kino');
    expect(repairMojibake('“IRMÃ” disse')).toBe('“IRMÃ” disse');
    expect(repairMojibake('à « Paris »')).toBe('à « Paris »');
    expect(htmlToText('&#226;&#128;&#166;')).toBe('…');
  });

  it('drops zero-width spaces and word joiners, keeps zero-width joiners', () => {
    expect(htmlToText('fuel oil\u200b - Reuters')).toBe('fuel oil - Reuters');
    expect(htmlToText('a\u2060b\ufeff')).toBe('ab');
    expect(htmlToText('👩\u200d💻')).toBe('👩\u200d💻');
  });
});

describe('feed charsets', () => {
  it('takes a declaration after a stray blank line, and finds none in a bare document', () => {
    expect(declaredCharset(null, new Uint8Array(Buffer.from('\n<?xml version="1.0" encoding="ISO-8859-1"?><rss/>')))).toBe('iso-8859-1');
    expect(declaredCharset('application/rss+xml', new Uint8Array(Buffer.from('<rss/>')))).toBeNull();
  });

  it('detects the charset of a feed that declares none, and never decodes into replacement characters', () => {
    const russian = 'Как пережить новогоднюю ночь, если вы не любите шумные праздники и долгие застолья';
    const xml = `<rss><channel><item><title>${russian}</title></item></channel></rss>`;
    // KOI8-R: the byte of each letter, from the codec's own table.
    const table = new TextDecoder('koi8-r');
    const byteOf = new Map<string, number>();
    for (let byte = 0x80; byte <= 0xff; byte += 1) byteOf.set(table.decode(new Uint8Array([byte])), byte);
    const bytes = new Uint8Array([...xml].map((char) => byteOf.get(char) ?? (char.codePointAt(0) as number)));
    const decoded = decodeFeedBytes('application/rss+xml', bytes);
    expect(decoded).toMatchObject({ charset: 'koi8-r', from: 'detected' });
    expect(decoded.text).toContain(russian);
    // Declared UTF-8 that is not UTF-8: read by detection instead of into U+FFFD.
    const latin = decodeFeedBytes('text/xml; charset=utf-8', new Uint8Array(Buffer.from('<rss><title>Câmara aprova reforma da previdência</title></rss>', 'latin1')));
    expect(latin.from).toBe('detected');
    expect(latin.text).not.toContain('\ufffd');
  });
});

describe('feed dates and links', () => {
  it('reads localised RFC 822 months (Portuguese, Spanish, German)', () => {
    expect(parseFeedDate('Seg, 24 Set 2018 19:42:40 -0300')?.toISOString()).toBe('2018-09-24T22:42:40.000Z');
    expect(parseFeedDate('Lun, 03 Dic 2018 10:00:00 +0100')?.toISOString()).toBe('2018-12-03T09:00:00.000Z');
    expect(parseFeedDate('Mo, 01 Okt 2018 10:00:00 GMT')?.toISOString()).toBe('2018-10-01T10:00:00.000Z');
  });

  it('stores an undated or implausible date as undated; clock skew as the moment seen', () => {
    const seen = new Date('2026-11-23T12:00:00Z');
    expect(storedDate(null, seen)).toBeNull();
    expect(storedDate(new Date('2026-11-23T11:00:00Z'), seen)?.toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(storedDate(new Date('2026-11-23T12:10:00Z'), seen)?.toISOString()).toBe('2026-11-23T12:10:00.000Z');
    expect(storedDate(new Date('2026-11-23T15:00:00Z'), seen)).toEqual(seen);
    expect(storedDate(new Date('2062-11-23T12:00:00Z'), seen)).toBeNull();
  });

  it('a cursor after an undated story carries a null date', () => {
    const cursor = { rank: null, publishedAt: null, id: '42' };
    expect(decodeNewsCursor(encodeNewsCursor(cursor))).toEqual(cursor);
  });

  it('resolves relative links against xml:base (itself relative to its parent), then the feed address', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/a/">
      <!-- <link href="ignored"/> -->
      <entry xml:base="b/"><title>One</title><link href="c.html?x=1&amp;y=2"/></entry>
      <entry><title>Two</title><link rel="alternate" href='/root'/><content type="html"><![CDATA[<link href="inside">]]></content></entry>
    </feed>`;
    expect(parseNewsFeed(atom, 10, 'http://feeds.example/f.xml').articles.map((article) => article.link)).toEqual([
      'http://example.com/a/b/c.html?x=1&y=2',
      'http://example.com/root',
    ]);
    const rss = '<rss version="2.0"><channel><title>T</title><item><title>Rel</title><link>/relative/uri</link></item></channel></rss>';
    expect(parseNewsFeed(rss, 10, 'http://127.0.0.1:8097/feeds/x.xml').articles[0]?.link).toBe('http://127.0.0.1:8097/relative/uri');
    expect(parseNewsFeed(rss, 10).articles[0]?.link).toBeNull();
  });
});

describe('camera lists as people publish them', () => {
  it('label,url,n,n lines keep the URL alone; &amp; (even twice) is &; bare host:port and markup are skipped with their reasons', () => {
    const page = parseTextDirectory(
      [
        'fabric_shop,http://198.51.100.3/img/video.mjpeg,30,30',
        'Lumber mill,http://198.51.100.4:82/mjpg/video.mjpg,5,5,-8,9,17',
        'http://198.51.100.5/cgi-bin/camera?resolution=640&amp;amp;quality=1 a note',
        '189.4.134.114:8081',
        '<link>http://edge.example/stream.m3u8</link>',
        'rtmp://wms.example/live/1',
      ].join('\n'),
    );
    expect(page.cameras.map((camera) => [camera.url, camera.title])).toEqual([
      ['http://198.51.100.3/img/video.mjpeg', 'fabric_shop'],
      ['http://198.51.100.4:82/mjpg/video.mjpg', 'Lumber mill'],
      ['http://198.51.100.5/cgi-bin/camera?resolution=640&quality=1', 'a note'],
    ]);
    expect(page.skippedReasons).toEqual({ 'host:port without a scheme or path': 1, 'markup line, not a list entry': 1, 'not an http(s) URL': 1 });
    expect(page.skips.map((skip) => skip.where)).toEqual(['line 4', 'line 5', 'line 6']);
  });

  it('JSON lists: an array of URLs, a map of place to a URL or to several', () => {
    expect(parseJsonDirectory('["http://198.51.100.1/a.jpg", 7]').cameras.map((camera) => camera.url)).toEqual(['http://198.51.100.1/a.jpg']);
    const map = parseJsonDirectory('{"Alabama, US": "http://198.51.100.1/a.jpg", "New York, US": ["http://198.51.100.2/b.jpg", "http://198.51.100.3/c.jpg"]}');
    expect(map.cameras.map((camera) => [camera.url, camera.city, camera.country])).toEqual([
      ['http://198.51.100.1/a.jpg', 'Alabama', 'US'],
      ['http://198.51.100.2/b.jpg', 'New York', 'US'],
      ['http://198.51.100.3/c.jpg', 'New York', 'US'],
    ]);
    expect(parseJsonDirectory('not json').skippedReasons).toEqual({ 'not valid JSON': 1 });
  });

  it('chooses the reader by type, then by content: a .txt of <item> blocks is a text list, an HTML document is HTML', () => {
    expect(directoryFormat('text/plain', '<item>\n<title>x</title>')).toBe('text');
    expect(directoryFormat('text/plain', '\n\n<!DOCTYPE html><html>')).toBe('html');
    expect(directoryFormat('text/html; charset=utf-8', 'anything')).toBe('html');
    expect(directoryFormat('application/json', '{}')).toBe('json');
    expect(directoryFormat('application/octet-stream', '  ["http://x/"]')).toBe('json');
  });
});
