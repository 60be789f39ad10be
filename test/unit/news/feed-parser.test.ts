import { describe, expect, it } from 'vitest';
import { FeedParseError, parseNewsFeed } from '../../../server/news/feed-parser.js';
import { newsFixture } from '../../support/fake-feeds.js';

describe('parseNewsFeed', () => {
  it('reads RSS 2.0: CDATA and escaped HTML as plain text, media:content and enclosures, a missing guid', () => {
    const feed = parseNewsFeed(newsFixture('rss2-world.xml'));
    expect(feed).toMatchObject({ format: 'rss', title: 'Global Wire: World', skipped: 0 });
    expect(feed.articles).toHaveLength(4);
    const [quake, floods, futures, bare] = feed.articles;
    expect(quake).toEqual({
      title: 'Earthquake of magnitude 6.8 strikes off the coast of Chile',
      link: 'https://wire.example.org/world/2026/11/21/chile-quake?utm_source=rss&utm_medium=feed',
      canonicalLink: 'https://wire.example.org/world/2026/11/21/chile-quake',
      guid: 'gw-2026-11-21-0001',
      summary: 'A strong earthquake struck off central Chile on Saturday, the USGS said. No tsunami warning was issued.',
      publishedAt: new Date('2026-11-21T22:15:00Z'),
      imageUrl: 'https://img.wire.example.org/chile-quake.jpg',
    });
    expect(floods).toMatchObject({
      title: 'Flood waters recede in Valencia & aid arrives',
      guid: null,
      summary: 'Relief convoys reached towns south of Valencia as the water fell. & more',
      publishedAt: new Date('2026-11-21T22:40:00Z'),
      imageUrl: 'https://img.wire.example.org/valencia.jpg',
    });
    expect(futures?.guid).toBe('https://wire.example.org/markets/2026/11/21/oil-futures');
    expect(bare).toMatchObject({ link: null, canonicalLink: null, guid: null, publishedAt: new Date('2026-11-21T18:00:00Z') });
  });

  it('reads RSS 1.0 (RDF) with Dublin Core ISO 8601 dates', () => {
    const feed = parseNewsFeed(newsFixture('rdf-science.xml'));
    expect(feed.format).toBe('rdf');
    expect(feed.articles.map((article) => [article.title, article.publishedAt?.toISOString(), article.guid])).toEqual([
      ['Probe enters orbit around Jupiter after six-year cruise', '2026-11-21T13:30:00.000Z', 'https://science.example.net/articles/probe-jupiter'],
      ['Volcano on Reykjanes peninsula erupts again', '2026-11-21T03:05:00.000Z', 'https://science.example.net/articles/volcano-iceland'],
    ]);
  });

  it('reads Atom: html titles and summaries, xhtml content, the alternate link, published before updated', () => {
    const feed = parseNewsFeed(newsFixture('atom-agency.xml'));
    expect(feed).toMatchObject({ format: 'atom', title: 'Relief Agency Updates' });
    expect(feed.articles[0]).toMatchObject({
      title: 'Cyclone Amara makes landfall in Mozambique',
      link: 'https://relief.example.int/updates/8812',
      guid: 'tag:relief.example.int,2026:update-8812',
      summary: 'Teams are deploying to Beira & Quelimane.',
      publishedAt: new Date('2026-11-21T18:20:00Z'),
      imageUrl: 'https://relief.example.int/img/amara.jpg',
    });
    expect(feed.articles[1]).toMatchObject({ summary: 'The campaign covered four provinces.', publishedAt: new Date('2026-11-20T14:00:00Z') });
  });

  it('drops entries without any text, keeps the rest, and caps items', () => {
    const rss = `<rss version="2.0"><channel><title>t</title>
      <item><title></title><description></description><link>https://a.example/1</link></item>
      <item><title>Kept</title><link>javascript:alert(1)</link></item>
      <item><title>Third</title></item></channel></rss>`;
    const feed = parseNewsFeed(rss);
    expect(feed.articles.map((article) => article.title)).toEqual(['Kept', 'Third']);
    expect(feed).toMatchObject({ skipped: 1, overCap: 0 });
    expect(feed.articles[0]?.link).toBeNull();
    // The cap counts readable items: of two undated ones, the first in the file; the third entry is never read.
    expect(parseNewsFeed(rss, 1)).toMatchObject({ articles: [{ title: 'Kept' }], skipped: 1, overCap: 1 });
  });

  it('of a longer feed keeps the newest by the dates they would be stored with: a date a year ahead is no date', () => {
    const rss = `<rss version="2.0"><channel><title>t</title>
      <item><title>Typo year</title><pubDate>Mon, 23 Nov 2099 12:00:00 GMT</pubDate></item>
      <item><title>Older</title><pubDate>Sun, 22 Nov 2026 12:00:00 GMT</pubDate></item>
      <item><title>Newer</title><pubDate>Mon, 23 Nov 2026 11:00:00 GMT</pubDate></item></channel></rss>`;
    const feed = parseNewsFeed(rss, 2, undefined, new Date('2026-11-23T12:00:00Z'));
    expect(feed.articles.map((article) => article.title)).toEqual(['Older', 'Newer']);
    expect(feed.overCap).toBe(1);
  });

  it('drops overlong links and cleans guids so every key fits its index', () => {
    const long = `https://x.example/${'a'.repeat(2100)}`;
    const rss = `<rss version="2.0"><channel><title>t</title>
      <item><title>Long</title><link>${long}</link><guid isPermaLink="false">${'g'.repeat(600)}</guid></item>
      <item><title>Nul</title><guid isPermaLink="false">id&#x1;-7</guid></item></channel></rss>`;
    const [overlong, controlled] = parseNewsFeed(rss).articles;
    expect(overlong?.link).toBeNull();
    expect(overlong?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(controlled?.guid).toBe('id-7');
  });

  it('refuses what is not a feed', () => {
    for (const body of ['', '<html><body>Gateway error</body></html>', '{"not":"a feed"}', 'plain text']) {
      expect(() => parseNewsFeed(body), body).toThrow(FeedParseError);
    }
  });
});
