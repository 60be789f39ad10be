// Fire tiles kept in memory under a byte budget (the least recently used go first): of windows that lie wholly in
// closed hours, and of open windows (no end). Each entry remembers the data version it was drawn from, so one cheap
// read of the current version tells whether it still holds (or, while the change feed listens, no read at all when
// its hours did not change); an open window's entry also what start it holds for.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { readTileLayer, type TileLayer } from './mvt-layer-merge.js';

export interface EncodedTile {
  body: Buffer;
  /** Strong ETag: a hash of the bytes. */
  etag: string;
}

export interface CachedTile extends EncodedTile {
  version: string;
  /** The change feed's counter when it was drawn or its version last read (fire-change-feed.ts). */
  checked: number;
  /** How many tiles this cache had been given when it was (FireTileCache.setCount): which came before what. */
  setAt: number;
  /** Its layer, once read (views of `body`: no bytes of its own). */
  layer?: TileLayer | null;
  /** An open window's tile: it is the tile of every start from `since` to `oldest` (ms) while its version holds. */
  open?: OpenWindowStarts;
}

/**
 * The starts an open window's tile answers for: drawn from `since`, holding no detection acquired before `oldest`,
 * it is also the tile of any later start up to `oldest` (none of its detections falls out; none comes in unseen
 * while the version holds). Infinity when it holds none.
 */
export interface OpenWindowStarts {
  since: number;
  oldest: number;
}

/** The cached tile's layer, read at its first use and kept with it (an open window's edges are joined to it). */
export function cachedLayer(tile: CachedTile): TileLayer | null {
  if (tile.layer === undefined) tile.layer = readTileLayer(tile.body);
  return tile.layer;
}

// What an entry costs besides its bytes (key, ETag, bookkeeping, the layer read from it); also keeps empty tiles
// countable. Measured as heap per entry over 40,000 entries (a helper's probe, 2026-11-29): an empty z12 tile took
// 949 bytes, a small z7 one about 1.9 KB against the 256 + its bytes counted before, so the 64 MB cap held up to four
// times that; a z3 tile of 17 KB took about its own bytes.
const ENTRY_OVERHEAD_BYTES = 2_048;

export function encodedTile(body: Buffer): EncodedTile {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export class FireTileCache {
  private readonly entries: LRUCache<string, CachedTile>;
  private sets = 0;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedTile>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.body.length + ENTRY_OVERHEAD_BYTES,
    });
  }

  /** The tile cached under `key` if it was drawn from data of this very version. */
  get(key: string, version: string): CachedTile | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === version) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** The tile kept under `key`, of whatever version (its recency is not touched). */
  peek(key: string): CachedTile | undefined {
    return this.entries.peek(key);
  }

  /** The tile kept under `key`, of whatever version, counted as used. */
  kept(key: string): CachedTile | undefined {
    return this.entries.get(key);
  }

  set(key: string, version: string, checked: number, body: Buffer, open?: OpenWindowStarts): CachedTile {
    this.sets += 1;
    const entry: CachedTile = { ...encodedTile(body), version, checked, setAt: this.sets, ...(open && { open }) };
    this.entries.set(key, entry);
    return entry;
  }

  /** How many tiles have been set so far. */
  get setCount(): number {
    return this.sets;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
