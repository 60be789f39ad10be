import { describe, expect, it } from 'vitest';
import { etagMatches } from '../../server/fires/etag-match.js';
import { FireTileCache } from '../../server/fires/fire-tile-cache.js';

describe('fire tile cache', () => {
  it('stays under its byte budget, dropping the least recently used first', () => {
    const cache = new FireTileCache(10_000);
    for (let index = 0; index < 20; index += 1) cache.set(`tile-${index}`, 'v1', 1, Buffer.alloc(1_000, index));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('tile-0', 'v1')).toBeUndefined();
    expect(cache.get('tile-19', 'v1')?.body.equals(Buffer.alloc(1_000, 19))).toBe(true);
  });

  it('answers an entry only for the data version it was drawn from, and forgets it otherwise', () => {
    const cache = new FireTileCache(10_000);
    const stored = cache.set('tile', '7/fires_p20261120/', 1, Buffer.from('tile bytes'));
    expect(cache.get('tile', '7/fires_p20261120/')).toEqual(expect.objectContaining({ etag: stored.etag }));
    expect(cache.get('tile', '8/fires_p20261120/')).toBeUndefined();
    expect(cache.get('tile', '7/fires_p20261120/')).toBeUndefined();
  });

  it('gives equal bytes equal strong ETags, and different bytes different ones', () => {
    const cache = new FireTileCache(10_000);
    const a = cache.set('a', 'v', 1, Buffer.from('same'));
    const b = cache.set('b', 'v', 1, Buffer.from('same'));
    const c = cache.set('c', 'v', 1, Buffer.from('other'));
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
    expect(a.etag).toMatch(/^"[^"]+"$/);
  });
});

describe('If-None-Match', () => {
  it('matches by weak comparison, in a list, or with *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });
});
