// How old an object on the map is, and of what: the newest of its times, per kind (an aircraft seen, a fire
// detected, a story published, an incident discovered...), said with its verb so that "13 d ago" under an incident
// reads as when it was discovered, not as stale data.
import { toDate } from './time-format.js';

type Props = Record<string, unknown>;

// The time that says how fresh an object is, the newest observation first, with what happened then.
const TIME_FIELDS = [
  ['seenAt', 'seen'],
  ['acqTime', 'detected'],
  ['occurredAt', 'recorded'],
  ['updatedAt', 'updated'],
  ['createdAt', 'created'],
  ['discoveredAt', 'discovered'],
] as const;

// What a kind's time is called in its popup's rows: an alert's "Raised", a camera's "Found".
const KIND_VERBS: Record<string, Partial<Record<(typeof TIME_FIELDS)[number][0], string>>> = {
  alert: { createdAt: 'raised' },
  camera: { discoveredAt: 'found' },
};

export interface ObjectAge {
  seconds: number;
  /** What happened at that time: "seen", "detected", "published", "discovered"… */
  verb: string;
}

/** The object's age and what it is the age of, or null when it carries no time. */
export function objectAge(props: Props, now: number = Date.now()): ObjectAge | null {
  for (const [field, verb] of TIME_FIELDS) {
    const date = toDate(props[field] as string | number | null | undefined);
    if (!date) continue;
    // A news story's time is its publication's.
    const said = KIND_VERBS[String(props.kind)]?.[field] ?? (field === 'occurredAt' && props.sourceType === 'news' ? 'published' : verb);
    return { seconds: Math.max(0, Math.round((now - date.getTime()) / 1000)), verb: said };
  }
  return null;
}
