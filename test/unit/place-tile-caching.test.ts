import { describe, expect, it } from 'vitest';
import { PLACE_TILE_RETRY_SECONDS, placeTileCaching } from '../../server/places/places-routes.js';

describe('how long a place tile holds, by where the gazetteer stands', () => {
  it('an hour once loaded; while loading, never stored and asked for again in a few seconds; off or failed, never stored', () => {
    expect(placeTileCaching('ready')).toBe('private, max-age=3600');
    expect(placeTileCaching('pending')).toBe(`no-store, max-age=${PLACE_TILE_RETRY_SECONDS}`);
    expect(placeTileCaching('loading')).toBe(`no-store, max-age=${PLACE_TILE_RETRY_SECONDS}`);
    expect(placeTileCaching('off')).toBe('no-store');
    expect(placeTileCaching('failed')).toBe('no-store');
  });
});
