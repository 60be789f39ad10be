// The snapshot cache on disk: freshness by TTL, and a full cache stays under its byte budget by
// dropping the oldest images (the fault "fill the snapshot cache").
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SnapshotCache } from '../../server/cameras/snapshot-cache.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describe('SnapshotCache', () => {
  let dir: string;
  let clock: number;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-snapshot-cache-'));
    clock = Date.parse('2026-11-22T00:00:00Z');
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('keeps an image fresh for the TTL and returns it whatever its age', async () => {
    const cache = new SnapshotCache(dir, 1024 * 1024, () => clock);
    await cache.write(7, HASH_A, { contentType: 'image/png', body: Buffer.from('png-bytes') });
    const stored = await cache.read(7, HASH_A);
    expect(stored).toMatchObject({ contentType: 'image/png' });
    expect(stored!.body.toString()).toBe('png-bytes');
    expect(cache.isFresh(stored!, 60)).toBe(true);
    clock += 60_000;
    expect(cache.isFresh(stored!, 60)).toBe(false);
    // The clock set back five hours (NTP, a wrong clock corrected): the image reads as fetched ahead of now, not fresh.
    clock -= 60_000 + 5 * 3_600_000;
    expect(cache.isFresh(stored!, 60)).toBe(false);
    expect(await cache.read(8, HASH_A)).toBeNull();
    // The same id now naming another camera (a rebuilt or shared database) finds nothing.
    expect(await cache.read(7, HASH_B)).toBeNull();
  });

  it('keeps its byte count right when writes race', async () => {
    const cache = new SnapshotCache(dir, 1024 * 1024, () => clock);
    const image = Buffer.alloc(200 * 1024, 1);
    await Promise.all(Array.from({ length: 12 }, (_, index) => cache.write(index + 1, HASH_A, { contentType: 'image/jpeg', body: image })));
    const kept = (await readdir(dir)).filter((name) => name.endsWith('.img'));
    expect(await cache.size()).toBe(kept.length * image.length);
    expect(await cache.size()).toBeLessThanOrEqual(1024 * 1024);
  });

  it('stays under its budget when filled, dropping the oldest first, also after a restart', async () => {
    const budget = 1024 * 1024;
    const cache = new SnapshotCache(dir, budget, () => clock);
    const image = Buffer.alloc(300 * 1024, 1);
    for (let id = 1; id <= 20; id += 1) {
      clock += 1000;
      await cache.write(id, HASH_A, { contentType: 'image/jpeg', body: image });
      expect(await cache.size()).toBeLessThanOrEqual(budget);
    }
    const kept = (await readdir(dir)).filter((name) => name.endsWith('.img')).sort();
    expect(kept).toEqual(['18.img', '19.img', '20.img']);
    expect(await cache.read(1, HASH_A)).toBeNull();

    const reopened = new SnapshotCache(dir, budget, () => clock);
    expect(await reopened.size()).toBe(3 * image.length);
    await reopened.write(21, HASH_A, { contentType: 'image/jpeg', body: image });
    expect(await reopened.size()).toBeLessThanOrEqual(budget);
    expect(await reopened.read(18, HASH_A)).toBeNull();
  });
});
