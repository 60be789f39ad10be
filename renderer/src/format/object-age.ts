// How old an object on the map is: the newest of its times, per kind (aircraft seen, fire acquired, ...).
import { toDate } from './time-format.js';

type Props = Record<string, unknown>;

// The time that says how fresh an object is: the newest observation first.
const TIME_FIELDS = ['seenAt', 'acqTime', 'occurredAt', 'updatedAt', 'createdAt', 'discoveredAt'] as const;

/** Seconds since the object's time, or null when it carries none. */
export function objectAgeSeconds(props: Props, now: number = Date.now()): number | null {
  for (const field of TIME_FIELDS) {
    const date = toDate(props[field] as string | number | null | undefined);
    if (date) return Math.max(0, Math.round((now - date.getTime()) / 1000));
  }
  return null;
}
