// Stores a batch of detections once each and announces the new ones on the bus.
import type { Database } from '../db/database.js';
import { unavailable } from '../domain-errors.js';
import { fireEvents, type FireEventMessage } from './fire-events.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { FireDetection } from './fire-detection.js';
import type { FireRepository } from './fire-repository.js';

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
  ) {}

  /**
   * The new detections are published before the commit: if publishing fails nothing is stored and a
   * retry publishes again; if the commit fails after publishing, the event store drops the repeat by URL.
   */
  async ingest(detections: readonly FireDetection[], dataset: string = this.dataset): Promise<FireIngestCounts> {
    const stored = await this.db.transaction(async (client) => {
      const inserted = await this.fires.insertBatch(client, detections);
      const messages: FireEventMessage[] = inserted.map((detection) => {
        return {
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
        };
      });
      try {
        await this.publisher.publishMany(fireEvents, messages);
      } catch (error) {
        // Rolls the batch back: nothing is stored that the event store would never hear of.
        throw unavailable('bus_unavailable', `the event bus is unavailable (${(error as Error).message}); nothing was stored, try again`);
      }
      return inserted.length;
    });
    return { received: detections.length, stored, duplicate: detections.length - stored };
  }
}
