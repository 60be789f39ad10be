import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed } from '../../server/news/feed-fetcher.js';
import { parseNewsFeed } from '../../server/news/feed-parser.js';
import { startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { closedPort } from '../support/fake-llm.js';

const rss = (title: string, encoding = 'UTF-8') =>
  `<?xml version="1.0" encoding="${encoding}"?><rss version="2.0"><channel><title>T</title><item><title>${title}</title><link>https://x.example/1</link></item></channel></rss>`;

describe('feed fetches on loopback: conditional, bounded, in the feed’s own charset', () => {
  let feeds: FakeFeeds;
  let endless: http.Server;
  let endlessUrl: string;
  const options = { timeoutMs: 1500, maxBytes: 20_000 };

  beforeAll(async () => {
    feeds = await startFakeFeeds();
    endless = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(16 * 1024, ' ');
      const pump = () => {
        while (response.write(chunk));
      };
      response.on('drain', pump);
      request.on('close', () => response.destroy());
      response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    endlessUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/feed`;
  });
  afterAll(async () => {
    endless?.closeAllConnections();
    await new Promise((resolve) => endless?.close(resolve));
    await feeds?.close();
  });

  it('sends the stored validators and reads a 304 as unchanged', async () => {
    const url = feeds.serve('rdf-science.xml');
    const first = await fetchFeed({ url, etag: null, lastModified: null }, options);
    expect(first.kind).toBe('fetched');
    if (first.kind !== 'fetched') return;
    expect(first.etag).toMatch(/^"[0-9a-f]{16}"$/);
    const second = await fetchFeed({ url, etag: first.etag, lastModified: first.lastModified }, options);
    expect(second).toEqual({ kind: 'not_modified', status: 304 });
    expect(feeds.requests.at(-1)).toMatchObject({ ifNoneMatch: first.etag, ifModifiedSince: 'Sat, 21 Nov 2026 23:30:00 GMT', status: 304 });
    feeds.serve('rdf-science.xml', rss('Changed'));
    expect((await fetchFeed({ url, etag: first.etag, lastModified: first.lastModified }, options)).kind).toBe('fetched');
  });

  it('decodes ISO-8859-1 (from the XML declaration) and Windows-1251 (from Content-Type)', async () => {
    const latin = feeds.serve('latin1.xml', Buffer.from(rss('Câmara aprova reforma da previdência', 'ISO-8859-1'), 'latin1'));
    feeds.contentTypes.set('/feeds/latin1.xml', 'application/rss+xml');
    const decodedLatin = await fetchFeed({ url: latin, etag: null, lastModified: null }, options);
    expect(decodedLatin.kind === 'fetched' && parseNewsFeed(decodedLatin.body).articles[0]?.title).toBe('Câmara aprova reforma da previdência');

    const title = 'Правительство объявило режим ЧС';
    // Windows-1251 puts А..я at 0xC0..0xFF.
    const cp1251 = Buffer.from([...rss(title)].map((char) => (char >= 'А' && char <= 'я' ? (char.codePointAt(0) as number) - 0x410 + 0xc0 : (char.codePointAt(0) as number))));
    const cyrillic = feeds.serve('cp1251.xml', cp1251);
    feeds.contentTypes.set('/feeds/cp1251.xml', 'text/xml; charset=windows-1251');
    const decoded = await fetchFeed({ url: cyrillic, etag: null, lastModified: null }, options);
    expect(decoded.kind === 'fetched' && parseNewsFeed(decoded.body).articles[0]?.title).toBe(title);
  });

  it('refuses a feed over the size cap, declared or streamed, and one that never answers', async () => {
    const big = feeds.serve('big.xml', rss('x'.repeat(30_000)));
    expect(await fetchFeed({ url: big, etag: null, lastModified: null }, options)).toEqual({
      kind: 'failed',
      status: 200,
      message: expect.stringMatching(/is \d+ bytes; the limit is 20000/),
    });
    const started = Date.now();
    expect(await fetchFeed({ url: endlessUrl, etag: null, lastModified: null }, options)).toEqual({
      kind: 'failed',
      status: 200,
      message: 'feed passed the 20000-byte limit',
    });
    feeds.failures.set('/feeds/silent.xml', { hang: true });
    expect(await fetchFeed({ url: `${feeds.url}/feeds/silent.xml`, etag: null, lastModified: null }, options)).toEqual({
      kind: 'failed',
      status: null,
      message: 'timed out after 1500 ms',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await fetchFeed({ url: `${feeds.url}/feeds/absent.xml`, etag: null, lastModified: null }, options)).toEqual({ kind: 'failed', status: 404, message: 'HTTP 404' });
    const refused = await fetchFeed({ url: `http://127.0.0.1:${await closedPort()}/feed`, etag: null, lastModified: null }, options);
    expect(refused).toMatchObject({ kind: 'failed', status: null, message: expect.stringMatching(/request failed: connection refused \(ECONNREFUSED\)/) });
  });
});
