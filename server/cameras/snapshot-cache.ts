// Camera images on disk under <dataDir>/snapshots: fresh while younger than the TTL, kept as the
// last known image after that, and the whole folder held under a byte budget (oldest go first).
// Each image records the url_hash of its camera: an id that now names another camera (a rebuilt or
// shared database) finds no image rather than someone else's.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Snapshot } from './snapshot-fetcher.js';

export interface CachedSnapshot extends Snapshot {
  fetchedAt: Date;
}

interface SnapshotMeta {
  contentType: string;
  fetchedAt: string;
  urlHash: string;
}

interface Entry {
  bytes: number;
  fetchedAt: number;
}

export class SnapshotCache {
  private index: Promise<Map<number, Entry>> | null = null;
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly budgetBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  private imagePath(id: number): string {
    return path.join(this.dir, `${id}.img`);
  }

  private metaPath(id: number): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The camera's image whatever its age, or null. */
  async read(id: number, urlHash: string): Promise<CachedSnapshot | null> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(id), 'utf8')) as SnapshotMeta;
      if (meta.urlHash !== urlHash) return null;
      const body = await readFile(this.imagePath(id));
      return { contentType: meta.contentType, body, fetchedAt: new Date(meta.fetchedAt) };
    } catch {
      return null;
    }
  }

  /** Fetched within the TTL. One fetched "later" than now was fetched before the computer's clock was set back: not. */
  isFresh(snapshot: CachedSnapshot, ttlSeconds: number): boolean {
    const age = this.now() - snapshot.fetchedAt.getTime();
    return age >= 0 && age < ttlSeconds * 1000;
  }

  async write(id: number, urlHash: string, snapshot: Snapshot): Promise<CachedSnapshot> {
    const index = await this.loadIndex();
    const fetchedAt = new Date(this.now());
    // Image first, then its metadata, each through a rename: a reader never sees half a file.
    await writeFile(`${this.imagePath(id)}.tmp`, snapshot.body, { mode: 0o600 });
    await rename(`${this.imagePath(id)}.tmp`, this.imagePath(id));
    await writeFile(`${this.metaPath(id)}.tmp`, JSON.stringify({ contentType: snapshot.contentType, fetchedAt: fetchedAt.toISOString(), urlHash } satisfies SnapshotMeta), { mode: 0o600 });
    await rename(`${this.metaPath(id)}.tmp`, this.metaPath(id));
    this.total -= index.get(id)?.bytes ?? 0;
    index.set(id, { bytes: snapshot.body.length, fetchedAt: fetchedAt.getTime() });
    this.total += snapshot.body.length;
    await this.evictOverBudget(id);
    return { ...snapshot, fetchedAt };
  }

  /** Bytes held on disk now. */
  async size(): Promise<number> {
    await this.loadIndex();
    return this.total;
  }

  private async evictOverBudget(keep: number): Promise<void> {
    const index = await this.loadIndex();
    if (this.total <= this.budgetBytes) return;
    const oldestFirst = [...index.entries()].filter(([id]) => id !== keep).sort((a, b) => a[1].fetchedAt - b[1].fetchedAt);
    for (const [id, entry] of oldestFirst) {
      if (this.total <= this.budgetBytes) break;
      // Another write's eviction may have taken it meanwhile: count each removal once.
      if (index.get(id) !== entry) continue;
      index.delete(id);
      this.total -= entry.bytes;
      await Promise.all([rm(this.imagePath(id), { force: true }), rm(this.metaPath(id), { force: true })]);
    }
  }

  private loadIndex(): Promise<Map<number, Entry>> {
    // One scan, however many callers arrive before it ends.
    this.index ??= this.scan();
    return this.index;
  }

  private async scan(): Promise<Map<number, Entry>> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const index = new Map<number, Entry>();
    this.total = 0;
    for (const name of await readdir(this.dir)) {
      const match = /^(\d+)\.img$/.exec(name);
      if (!match) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (!info) continue;
      index.set(Number(match[1]), { bytes: info.size, fetchedAt: info.mtimeMs });
      this.total += info.size;
    }
    return index;
  }
}
