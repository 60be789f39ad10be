import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedListError, loadFeedList } from '../../../server/news/feed-list.js';
import { readNewsSettings, SHIPPED_FEEDS_FILE } from '../../../server/news/news-settings.js';

describe('feed list loader', () => {
  let dir: string;
  const write = async (name: string, content: unknown) => {
    const file = path.join(dir, name);
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-feed-list-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('NEWS_FEEDS_FILE replaces the shipped list', () => {
    expect(readNewsSettings({}).feedsFile).toBe(SHIPPED_FEEDS_FILE);
    expect(readNewsSettings({ NEWS_FEEDS_FILE: '/tmp/mine.json' }).feedsFile).toBe('/tmp/mine.json');
  });

  it('reads an array of {name,url,category,region}', async () => {
    const file = await write('ok.json', [{ name: 'Wire', url: 'https://wire.example/rss', category: 'wires', region: 'world' }]);
    expect(await loadFeedList(file)).toEqual([{ name: 'Wire', url: 'https://wire.example/rss', category: 'wires', region: 'world' }]);
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['an object', { feeds: [] }, /not an array/],
    ['a missing region', [{ name: 'W', url: 'https://w.example/rss', category: 'c' }], /0\.region/],
    ['a non-web url', [{ name: 'W', url: 'file:///etc/passwd', category: 'c', region: 'r' }], /0\.url/],
    [
      'a duplicate url',
      [
        { name: 'A', url: 'https://w.example/rss', category: 'c', region: 'r' },
        { name: 'B', url: 'https://w.example/rss', category: 'c', region: 'r' },
      ],
      /duplicate feed url/,
    ],
  ])('refuses %s', async (_label, content, message) => {
    const file = await write('bad.json', content);
    await expect(loadFeedList(file)).rejects.toThrow(FeedListError);
    await expect(loadFeedList(file)).rejects.toThrow(message);
  });

  it('accepts the shipped list', async () => {
    const shipped = await loadFeedList(SHIPPED_FEEDS_FILE);
    expect(shipped).toHaveLength(257);
  });

  it('says when the file is missing', async () => {
    await expect(loadFeedList(path.join(dir, 'absent.json'))).rejects.toThrow(/cannot be read: ENOENT/);
  });
});
