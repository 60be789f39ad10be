// Feeds this process's hub: every API process hears every stored event and alert on the bus. A batch this
// process's ingester stored goes to its own hub at once (announceEvents) and onto the bus for the others, marked
// with this feed's origin, so that its echo from the bus is not delivered a second time. Over the bus it waited
// for a round trip through nats-server and a JSON decode behind the fan-out of the batches before it.
// The bus carries only what this app's own publishers wrote, in the shapes typed here.
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_ALERTS_SUBJECT, LIVE_CORRELATIONS_SUBJECT, LIVE_EVENTS_SUBJECT } from '../live/live-subjects.js';
import type { CorrelationPair } from '../aircraft/aircraft-schemas.js';
import type { LiveEvent } from '../events/event-schemas.js';
import type { Alert } from '../geofences/geofence-schemas.js';
import type { LiveHub } from './live-hub.js';

const codec = JSONCodec();
/** The header naming the feed that announced a batch of events. */
const LIVE_ORIGIN_HEADER = 'Vantage-Live-Origin';

export class LiveFeed {
  private subscriptions: Subscription[] = [];
  /** This feed's mark on what it announces: unique to the process, whatever the host. */
  private readonly origin = randomUUID();
  private readonly originHeaders: MsgHdrs;

  constructor(
    private readonly connection: NatsConnection,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.originHeaders = headers();
    this.originHeaders.set(LIVE_ORIGIN_HEADER, this.origin);
  }

  start(): void {
    // The ingester announces each stored batch as one array; correlations come as arrays too.
    this.listen(LIVE_EVENTS_SUBJECT, (body) => this.deliver(body as LiveEvent[]));
    this.listen(LIVE_CORRELATIONS_SUBJECT, (body) => {
      for (const correlation of body as CorrelationPair[]) this.hub.broadcast({ type: 'correlation', correlation });
    });
    this.listen(LIVE_ALERTS_SUBJECT, (body) => this.hub.broadcast({ type: 'alert', alert: body as Alert }));
  }

  /** A batch this process stored: onto the bus for the other API processes, and to this process's clients now. */
  announceEvents(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    this.connection.publish(LIVE_EVENTS_SUBJECT, codec.encode(events), { headers: this.originHeaders });
    this.deliver(events);
  }

  private deliver(events: readonly LiveEvent[]): void {
    for (const event of events) this.hub.publishEvent(event);
  }

  private listen(subject: string, handle: (body: unknown) => void): void {
    this.subscriptions.push(
      this.connection.subscribe(subject, {
        callback: (error, message) => {
          if (error) return this.log.warn({ err: error, subject }, 'live feed subscription error');
          // This process's own batch, delivered when it was announced: not even decoded.
          if (message.headers?.get(LIVE_ORIGIN_HEADER) === this.origin) return;
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
