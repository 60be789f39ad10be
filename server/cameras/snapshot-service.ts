// A camera's image: from the cache while fresh, else from the camera (rate limited per host, one
// fetch per camera at a time), cached. When the camera is unreachable the answer is a 502 that
// points at the last cached image if there is one.
import { notFound, upstreamFailed } from '../domain-errors.js';
import type { CameraRepository } from './camera-repository.js';
import type { CachedSnapshot, SnapshotCache } from './snapshot-cache.js';
import type { SnapshotFetcher } from './snapshot-fetcher.js';

export interface SnapshotAnswer {
  snapshot: CachedSnapshot;
  cache: 'hit' | 'miss' | 'stale';
}

export function snapshotPath(id: number): string {
  return `/api/cameras/${id}/snapshot`;
}

export class SnapshotService {
  private readonly inFlight = new Map<number, Promise<SnapshotAnswer>>();

  constructor(
    private readonly cameras: CameraRepository,
    private readonly cache: SnapshotCache,
    private readonly fetcher: SnapshotFetcher,
    private readonly ttlSeconds: number,
  ) {}

  async get(id: number, options: { cachedOnly?: boolean } = {}): Promise<SnapshotAnswer> {
    const camera = await this.cameras.snapshotSource(id);
    if (!camera) throw notFound(`no camera ${id}`);
    const cached = await this.cache.read(id, camera.urlHash);
    if (options.cachedOnly) {
      if (!cached) throw notFound(`no cached image of camera ${id}`);
      return { snapshot: cached, cache: 'stale' };
    }
    if (cached && this.cache.isFresh(cached, this.ttlSeconds)) return { snapshot: cached, cache: 'hit' };
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.refresh(id, camera, cached).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  private async refresh(id: number, camera: { url: string; urlHash: string }, cached: CachedSnapshot | null): Promise<SnapshotAnswer> {
    try {
      const fresh = await this.fetcher.fetch(camera.url);
      return { snapshot: await this.cache.write(id, camera.urlHash, fresh), cache: 'miss' };
    } catch (error) {
      throw upstreamFailed(
        'camera_unreachable',
        // The panel shows this under the camera's own name: no id of ours in it.
        `the camera could not be reached: ${(error as Error).message}`,
        cached ? { lastSnapshot: { path: `${snapshotPath(id)}?cached=1`, fetchedAt: cached.fetchedAt.toISOString() } } : undefined,
      );
    }
  }
}
