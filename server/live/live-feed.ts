// Feeds this process's hub from the bus: every API process hears every stored event and alert.
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_ALERTS_SUBJECT, LIVE_CORRELATIONS_SUBJECT, LIVE_EVENTS_SUBJECT } from '../events/event-messages.js';
import type { LiveEvent, LiveHub } from './live-hub.js';

const codec = JSONCodec();

export class LiveFeed {
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly connection: NatsConnection,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.subscriptions.push(
      this.connection.subscribe(LIVE_EVENTS_SUBJECT, {
        callback: (error, message) => {
          if (error) return this.log.warn({ err: error }, 'live feed subscription error');
          try {
            // The ingester announces each stored batch as one array.
            for (const event of codec.decode(message.data) as LiveEvent[]) this.hub.publishEvent(event);
          } catch (decodeError) {
            this.log.warn({ err: decodeError }, 'live feed: undecodable event');
          }
        },
      }),
      this.connection.subscribe(LIVE_CORRELATIONS_SUBJECT, {
        callback: (error, message) => {
          if (error) return this.log.warn({ err: error }, 'live correlation subscription error');
          try {
            for (const correlation of codec.decode(message.data) as unknown[]) this.hub.broadcast({ type: 'correlation', correlation });
          } catch (decodeError) {
            this.log.warn({ err: decodeError }, 'live feed: undecodable correlation');
          }
        },
      }),
      this.connection.subscribe(LIVE_ALERTS_SUBJECT, {
        callback: (error, message) => {
          if (error) return this.log.warn({ err: error }, 'live alert subscription error');
          try {
            this.hub.broadcast({ type: 'alert', alert: codec.decode(message.data) });
          } catch (decodeError) {
            this.log.warn({ err: decodeError }, 'live feed: undecodable alert');
          }
        },
      }),
    );
  }

  stop(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }
}
