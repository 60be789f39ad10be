// Feeds this process's hub from the bus: every API process hears every stored event and alert.
// The bus carries only what this app's own publishers wrote, in the shapes typed here.
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_ALERTS_SUBJECT, LIVE_CORRELATIONS_SUBJECT, LIVE_EVENTS_SUBJECT } from '../live/live-subjects.js';
import type { CorrelationPair } from '../aircraft/aircraft-schemas.js';
import type { LiveEvent } from '../events/event-schemas.js';
import type { Alert } from '../geofences/geofence-schemas.js';
import type { LiveHub } from './live-hub.js';

const codec = JSONCodec();

export class LiveFeed {
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly connection: NatsConnection,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    // The ingester announces each stored batch as one array; correlations come as arrays too.
    this.listen(LIVE_EVENTS_SUBJECT, (body) => {
      for (const event of body as LiveEvent[]) this.hub.publishEvent(event);
    });
    this.listen(LIVE_CORRELATIONS_SUBJECT, (body) => {
      for (const correlation of body as CorrelationPair[]) this.hub.broadcast({ type: 'correlation', correlation });
    });
    this.listen(LIVE_ALERTS_SUBJECT, (body) => this.hub.broadcast({ type: 'alert', alert: body as Alert }));
  }

  private listen(subject: string, handle: (body: unknown) => void): void {
    this.subscriptions.push(
      this.connection.subscribe(subject, {
        callback: (error, message) => {
          if (error) return this.log.warn({ err: error, subject }, 'live feed subscription error');
          try {
            handle(codec.decode(message.data));
          } catch (decodeError) {
            this.log.warn({ err: decodeError, subject }, 'live feed: undecodable message');
          }
        },
      }),
    );
  }

  stop(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }
}
