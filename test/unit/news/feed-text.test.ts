import { describe, expect, it } from 'vitest';
import { canonicalLink } from '../../../server/news/canonical-link.js';
import { parseFeedDate } from '../../../server/news/feed-dates.js';
import { mapWithConcurrency } from '../../../server/map-with-concurrency.js';
import { decodeFeed, feedBackoffMs, feedCharset } from '../../../server/news/feed-fetcher.js';
import { articleIdentity, headlineKey, sameStory } from '../../../server/news/headline-key.js';
import { htmlToText, untrustedText } from '../../../server/news/plain-text.js';

describe('parseFeedDate', () => {
  it.each([
    ['Sat, 21 Nov 2026 22:15:00 +0000', '2026-11-21T22:15:00.000Z'],
    ['Sat, 21 Nov 2026 17:40:00 EST', '2026-11-21T22:40:00.000Z'],
    ['Sun, 22 Mar 2026 09:00:00 PDT', '2026-03-22T16:00:00.000Z'],
    ['21 Nov 2026 22:15 GMT', '2026-11-21T22:15:00.000Z'],
    ['Sat, 21 Nov 26 22:15:00 +0530', '2026-11-21T16:45:00.000Z'],
    ['Saturday, 21-Nov-2026 22:15:00 UT', '2026-11-21T22:15:00.000Z'],
    ['Sat, 21 November 2026 22:15:00 Z', '2026-11-21T22:15:00.000Z'],
    ['2026-11-21T14:30:00+01:00', '2026-11-21T13:30:00.000Z'],
    ['2026-11-21T03:05:00Z', '2026-11-21T03:05:00.000Z'],
    ['2026-11-21T03:05:00.123456Z', '2026-11-21T03:05:00.123Z'],
    ['2026-11-21 03:05:00', '2026-11-21T03:05:00.000Z'],
    ['2026-11-21', '2026-11-21T00:00:00.000Z'],
  ])('%s', (raw, iso) => {
    expect(parseFeedDate(raw)?.toISOString()).toBe(iso);
  });

  it.each(['', 'yesterday', 'Sat, 41 Foo 2026 22:15:00 GMT', '2026-13-45T99:00:00Z', 'Sat, 21 Nov 2026 22:15:00 XYZW'])('no instant in %j', (raw) => {
    expect(parseFeedDate(raw)).toBeNull();
  });
});

describe('plain text', () => {
  it('drops tags and scripts, decodes entities (twice escaped too), collapses whitespace', () => {
    expect(htmlToText('<p>One</p><p>Two &amp; <b>three</b></p><script>alert(1)</script>')).toBe('One Two & three');
    expect(htmlToText('&lt;p&gt;Escaped &lt;em&gt;markup&lt;/em&gt;&lt;/p&gt;')).toBe('Escaped markup');
    expect(htmlToText('AT&T &#8220;quoted&#8221; caf&eacute;')).toBe('AT&T “quoted” café');
    expect(htmlToText('a\u202eb\u0000c')).toBe('a b c');
    const capped = htmlToText(`${'word '.repeat(100)}`, 50);
    expect(capped.length).toBeLessThanOrEqual(50);
    expect(capped).toMatch(/^word( word)+…$/);
  });

  it('treats model output as untrusted: no markup, capped, line breaks kept', () => {
    expect(untrustedText('<h1>Brief</h1>\n- one <img src=x onerror=alert(1)>\n- two', 1000)).toBe('Brief\n\n- one\n- two');
    expect(untrustedText('Plain\n\n\n\nlines', 1000)).toBe('Plain\n\nlines');
    // Escaped markup decodes into tags: those go too, however deep the escaping.
    for (const sneaky of ['&lt;img src=x onerror=alert(1)&gt;', '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;', '&amp;amp;lt;b&amp;amp;gt;x']) {
      expect(untrustedText(`see ${sneaky} here`, 1000), sneaky).not.toMatch(/<\/?[a-z]/i);
    }
    expect(untrustedText('prices a < b and c > d', 1000)).toBe('prices a < b and c > d');
    expect(untrustedText('x'.repeat(5000), 300).length).toBeLessThanOrEqual(300);
  });
});

describe('canonicalLink', () => {
  it('removes tracking, fragments, default ports and the http/https difference', () => {
    expect(canonicalLink('http://Wire.Example.org:80/world/a/?utm_source=rss&b=2&a=1#top')).toBe('https://wire.example.org/world/a?a=1&b=2');
    expect(canonicalLink('https://x.example/p?id=7&fbclid=abc')).toBe('https://x.example/p?id=7');
    expect(canonicalLink('ftp://x.example/a')).toBeNull();
    expect(canonicalLink('not a url')).toBeNull();
  });
});

describe('headline keys and story matching', () => {
  it('ignores word order, case, punctuation, filler words and the outlet suffix', () => {
    expect(headlineKey('Magnitude 6.8 earthquake strikes off Chile coast - Andes Herald')).toBe(
      headlineKey('Earthquake of magnitude 6.8 strikes off the coast of Chile'),
    );
    expect(headlineKey('Ukraine’s grain: exports resume | Daily')).toBe(headlineKey('Exports resume for Ukraine grain'));
  });

  it('cuts only a suffix that reads as an outlet: a few words, fewer than the headline\'s', () => {
    expect(headlineKey('Fire crews contain blaze near Valencia - The Local Spain')).toBe(headlineKey('Fire crews contain blaze near Valencia'));
    // tagesschau puts the topic first: what follows the dash is the story (the two keys were "deutsche entwicklungshilfe").
    const giz = headlineKey('Deutsche Entwicklungshilfe - Weiter massive Probleme bei der GIZ');
    const budget = headlineKey('Deutsche Entwicklungshilfe - Ministerium kürzt Etat um ein Drittel');
    expect(giz).toContain('giz');
    expect(sameStory(giz, budget)).toBe(false);
    // USGS names the place after the magnitude: two quakes are two keys (both were "4 5 m"), and 4.5 is one word.
    const ridgecrest = headlineKey('M 4.5 - 10 km SW of Ridgecrest, CA');
    const hualien = headlineKey('M 4.5 - 120 km E of Hualien City, Taiwan');
    expect(ridgecrest.split(' ')).toEqual(expect.arrayContaining(['45', 'ridgecrest']));
    expect(sameStory(ridgecrest, hualien)).toBe(false);
    expect(headlineKey('Death toll rises to 1,200')).toBe(headlineKey('Death toll rises to 1200'));
  });

  it('accepts near-identical headlines and refuses different places or numbers', () => {
    const chile = headlineKey('Earthquake of magnitude 6.8 strikes off the coast of Chile');
    expect(sameStory(chile, headlineKey('Chile: magnitude 6.8 earthquake strikes off coast, no tsunami warning'))).toBe(true);
    expect(sameStory(chile, headlineKey('Magnitude 5.1 earthquake strikes off Peru coast'))).toBe(false);
    expect(sameStory(headlineKey('Storm hits Manila'), headlineKey('Storm hits Taipei'))).toBe(false);
  });

  it('keeps the identity of an article without link or guid as it was before the headline rules changed', () => {
    // Hashes written by the rules of 2026-11-29 (any dash's suffix cut, digits apart): the same articles, not new ones.
    const base = { canonicalLink: null, guid: null, feedUrl: 'https://f.example/rss', publishedAt: new Date('2026-11-21T00:00:00Z') };
    expect(articleIdentity({ ...base, title: 'M 4.5 - 10 km SW of Ridgecrest, CA' })).toBe('hash:2496c15d8b9a69a89803ce54f9a619a3da79027348dbcdaff57ad7155eb25711');
    expect(articleIdentity({ ...base, title: 'Death toll rises to 1,200' })).toBe('hash:a0181c7f6a09722ad9af2ff8beeaa19d18766162f79e57e07f4d8fc61d5dd3fc');
    // While the story keys of the two differ from what they were.
    expect(headlineKey('M 4.5 - 10 km SW of Ridgecrest, CA')).not.toBe('4 5 m');
  });

  it('names an article by canonical link, else guid within its feed, else a hash of title and date', () => {
    const base = { feedUrl: 'https://f.example/rss', title: 'T', publishedAt: new Date('2026-11-21T00:00:00Z') };
    expect(articleIdentity({ ...base, canonicalLink: 'https://a.example/x', guid: 'g' })).toBe('link:https://a.example/x');
    expect(articleIdentity({ ...base, canonicalLink: null, guid: 'g' })).toBe('guid:https://f.example/rss#g');
    const hashed = articleIdentity({ ...base, canonicalLink: null, guid: null });
    expect(hashed).toMatch(/^hash:[0-9a-f]{64}$/);
    expect(articleIdentity({ ...base, canonicalLink: null, guid: null, publishedAt: null })).not.toBe(hashed);
  });
});

describe('feed backoff and concurrency', () => {
  it('waits for the next hourly run after one failure, then doubles up to a day', () => {
    expect([1, 2, 3, 4, 6, 10].map((failures) => feedBackoffMs(failures) / 60_000)).toEqual([55, 115, 235, 475, 1435, 1435]);
  });

  it('never runs more than the limit at once and keeps input order', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('answers the first error only after the running work has ended, and starts nothing new', async () => {
    const finished: number[] = [];
    const run = mapWithConcurrency([1, 2, 3, 4, 5], 2, async (n) => {
      await new Promise((resolve) => setTimeout(resolve, n === 1 ? 5 : 30));
      if (n === 1) throw new Error('boom');
      finished.push(n);
      return n;
    });
    await expect(run).rejects.toThrow('boom');
    expect(finished).toEqual([2]);
  });
});

describe('feed charset', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

  it('takes Content-Type first, then a byte-order mark, then the XML declaration, else UTF-8', () => {
    expect(feedCharset('text/xml; charset="ISO-8859-1"', bytes('<?xml version="1.0" encoding="utf-8"?>'))).toBe('iso-8859-1');
    expect(feedCharset('application/rss+xml', new Uint8Array([0xef, 0xbb, 0xbf, 0x3c]))).toBe('utf-8');
    expect(feedCharset(null, bytes(`<?xml version='1.0' encoding='Shift_JIS'?>`))).toBe('shift_jis');
    expect(feedCharset(null, bytes('<rss version="2.0">'))).toBe('utf-8');
  });

  it('decodes with that charset, and an unknown one as UTF-8', () => {
    expect(decodeFeed(null, new Uint8Array([...Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'), 0xe9]))).toMatch(/é$/);
    expect(decodeFeed('text/xml; charset=x-unknown-charset', new Uint8Array(Buffer.from('ünïcode')))).toBe('ünïcode');
  });
});
