// Stores a batch of detections once each and announces the new ones on the bus.
import type { Database } from '../db/database.js';
import { unavailable } from '../domain-errors.js';
import { fireEvents, type FireEventMessage } from './fire-events.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { FireDetection } from './fire-detection.js';
import type { CommittedStore } from './fire-queries.js';
import type { BumpedHours, FireRepository, StoredFire } from './fire-repository.js';

/** Told of each store that adds detections, just before its commit and at it (FireQueries: the change feed and the kept tiles). */
export interface StoreListener {
  committing(bumped: BumpedHours): number;
  noteStored(store: CommittedStore): void;
}

export interface FireIngestCounts {
  received: number;
  stored: number;
  duplicate: number;
}

export class FireService {
  constructor(
    private readonly db: Database,
    private readonly fires: FireRepository,
    private readonly publisher: EventPublisher,
    private readonly dataset: string,
    /** Told of each committed batch that stored detections. */
    private readonly committed: StoreListener | null = null,
  ) {}

  /**
   * The new detections are published before the commit: if publishing fails nothing is stored and a
   * retry publishes again; if the commit fails after publishing, the event store drops the repeat by URL.
   */
  ingest(detections: readonly FireDetection[], dataset: string = this.dataset): Promise<FireIngestCounts> {
    return this.ingestChunks(oneChunk(detections), dataset);
  }

  /**
   * As ingest, with the detections given a chunk at a time: each chunk is stored while the next is being read and
   * checked (firmsDetectionChunks), in one transaction. When reading a chunk throws (invalid rows), nothing is
   * stored and the error goes to the caller. Checking 100,000 FIRMS rows took ~0.5 s and storing them ~1.6 s, one after
   * the other before; now they overlap (PostgreSQL stores on the other core).
   */
  async ingestChunks(chunks: AsyncIterable<readonly FireDetection[]>, dataset: string = this.dataset): Promise<FireIngestCounts> {
    let received = 0;
    const stored = await this.db.transaction(async (client) => {
      await this.fires.createStaging(client);
      // Each chunk's statements start when the chunk before is stored: they pass through the one staging table.
      const storedChunks: StoredFire[][] = [];
      let storing: Promise<void> = Promise.resolve();
      let storeFailed = false;
      try {
        for await (const chunk of chunks) {
          // A chunk that could not be stored ends the reading: its error is the answer.
          if (storeFailed) break;
          received += chunk.length;
          storing = storing.then(async () => void storedChunks.push(await this.fires.insertChunk(client, chunk)));
          // Handled here as well, so a failure is not "unhandled" while the next chunk is read; awaited below.
          storing.catch(() => (storeFailed = true));
        }
      } catch (error) {
        await storing.catch(() => undefined);
        throw error;
      }
      await storing;
      const inserted = storedChunks.flat();
      const bumped = await this.fires.bumpHourVersions(client, inserted);
      await this.announce(inserted, dataset);
      const tilesSetBefore = this.committed?.committing(bumped) ?? 0;
      return { fires: inserted, ...bumped, tilesSetBefore };
    });
    // Committed: this process's kept tiles of those hours take the new detections in or are checked again from the very
    // next request (other processes hear the commit's notification).
    this.committed?.noteStored(stored);
    return { received, stored: stored.fires.length, duplicate: received - stored.fires.length };
  }

  private async announce(inserted: readonly StoredFire[], dataset: string): Promise<void> {
    const messages: FireEventMessage[] = inserted.map((detection) => ({
      latitude: detection.latitude,
      longitude: detection.longitude,
      acqTime: detection.acqTime,
      satellite: detection.satellite,
      instrument: detection.instrument ?? undefined,
      dataset,
      confidence: detection.confidence,
      frp: detection.frp,
      brightness: detection.brightness,
      dayNight: detection.dayNight,
    }));
    try {
      await this.publisher.publishMany(fireEvents, messages);
    } catch (error) {
      // Rolls the batch back: nothing is stored that the event store would never hear of.
      throw unavailable('bus_unavailable', `the event bus is unavailable (${(error as Error).message}); nothing was stored, try again`);
    }
  }
}

async function* oneChunk(detections: readonly FireDetection[]): AsyncGenerator<readonly FireDetection[]> {
  if (detections.length > 0) yield detections;
}
