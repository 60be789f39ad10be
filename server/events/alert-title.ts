// The title of an alert raised about a stored event: the event's own, and when the thing happened. A detection stored
// hours after the satellite passed (the keyless 24 h files, a late FIRMS batch) raises its alert now, and the brief
// lists alerts by when they were raised: without its time, a fire of yesterday read as one of this minute.
import type { EventSourceType } from './event-record.js';

const SAID_AS: Partial<Record<EventSourceType, string>> = { fire: 'detected', news: 'published' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "27 Nov 19:54 UTC". */
export function utcMinute(iso: string): string | null {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  const hhmm = when.toISOString().slice(11, 16);
  return `${when.getUTCDate()} ${MONTHS[when.getUTCMonth()]} ${hhmm} UTC`;
}

export function alertTitle(event: { sourceType: EventSourceType; title: string; occurredAt: string }): string {
  const when = utcMinute(event.occurredAt);
  return when ? `${event.title} · ${SAID_AS[event.sourceType] ?? 'at'} ${when}` : event.title;
}
