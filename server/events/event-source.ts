// What a domain tells the event store about its own events: the bus subject it publishes on, the
// schema of its messages (checked by the publisher and again by the ingester), the event's canonical
// URL (its idempotency key) and how a message becomes a stored event. events/ knows no source itself.
import type { z } from 'zod';
import type { EventRecord } from './event-record.js';

export interface EventSource<M> {
  subject: `events.${string}`;
  message: z.ZodType<M>;
  url(message: M): string;
  record(message: M): EventRecord;
}

/** The sources the ingester accepts, by subject; each domain adds its own while the app is built. */
export class EventSources {
  private readonly bySubject = new Map<string, EventSource<unknown>>();

  add<M>(source: EventSource<M>): void {
    if (this.bySubject.has(source.subject)) throw new Error(`event subject ${source.subject} is registered twice`);
    this.bySubject.set(source.subject, source as EventSource<unknown>);
  }

  forSubject(subject: string): EventSource<unknown> | undefined {
    return this.bySubject.get(subject);
  }
}
