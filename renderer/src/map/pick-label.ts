// One line naming an object in the list shown when a click lands on several. Pure and DOM-free (`.js` specifiers):
// unit-tested from Node.
import { formatDecimal } from '../format/coordinates.js';
import { satelliteLabel } from '../format/satellite-label.js';
import { formatMinuteBoth, toDate } from '../format/time-format.js';
import { isNewsStory } from './news-rows.js';
import { acres } from './popup-rows.js';

export type PickProps = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** One line naming an object in a list of several. */
export function pickLabel(props: PickProps): string {
  switch (props.kind) {
    case 'fire':
    case 'fire-live': {
      // Many detections of one place differ by their satellite, their power and their minute (with its day: a list
      // may hold yesterday's pass beside today's), in UTC and on the wall clock as the popup gives it (in UTC alone,
      // an evening's fires read as the next day's to an analyst in California).
      const satellite = text(props.satellite) ? ` · ${satelliteLabel(text(props.satellite))}` : '';
      const frp = typeof props.frp === 'number' ? ` · ${props.frp.toFixed(1)} MW` : '';
      const detected = toDate(props.acqTime as string | number | undefined);
      return `${props.kind === 'fire-live' ? 'New fire detection' : 'Fire detection'}${satellite}${frp}${detected ? ` · ${formatMinuteBoth(detected)}` : ''}`;
    }
    case 'aircraft':
      return `Aircraft ${text(props.callsign)?.trim() ?? text(props.icao24) ?? ''}${props.firefighting ? ' (firefighting)' : ''}`.trim();
    case 'incident': {
      // A crowded place lists dozens of incidents: their size and containment tell the one that matters.
      const size = acres(props.sizeAcres);
      const contained = typeof props.percentContained === 'number' ? `${Math.round(props.percentContained)}% contained` : null;
      return [`Incident: ${text(props.name) ?? 'unnamed'}`, size, contained].filter(Boolean).join(' · ');
    }
    case 'camera':
      return `Camera: ${text(props.title) ?? 'unnamed'}`;
    case 'event':
      if (isNewsStory(props)) return `News: ${text(props.title) ?? 'untitled story'}`;
      return `Event: ${text(props.title) ?? text(props.sourceType) ?? ''}`;
    case 'alert':
      return `Alert in “${text(props.geofenceName) ?? 'a geofence'}”: ${text(props.title) ?? ''}`;
    case 'geofence':
      return `Geofence: ${text(props.name) ?? ''}`;
    default:
      return 'Feature';
  }
}

/**
 * The lines of a list of several, each its own: two objects a line alone names alike (two pixels of one satellite
 * pass: same minute, often the same power) also give where each is, to four places (about 10 m), and any still alike
 * their place in the list.
 */
export function pickLabels(objects: readonly PickProps[]): string[] {
  const count = (labels: readonly string[]) => labels.reduce((seen, label) => seen.set(label, (seen.get(label) ?? 0) + 1), new Map<string, number>());
  const plain = objects.map(pickLabel);
  const plainCounts = count(plain);
  const placed = plain.map((label, index) => {
    if (plainCounts.get(label) === 1) return label;
    const position = objects[index]?.position;
    const [lon, lat] = Array.isArray(position) ? position : [];
    return typeof lon === 'number' && typeof lat === 'number' ? `${label} · at ${formatDecimal(lat, lon, 4)}` : label;
  });
  const placedCounts = count(placed);
  const nth = new Map<string, number>();
  return placed.map((label) => {
    if (placedCounts.get(label) === 1) return label;
    const n = (nth.get(label) ?? 0) + 1;
    nth.set(label, n);
    return `${label} (${n} of ${placedCounts.get(label)})`;
  });
}

// Each kind in the list's heading, one and many.
const KIND_WORDS: Record<string, [string, string]> = {
  aircraft: ['aircraft', 'aircraft'],
  fire: ['fire detection', 'fire detections'],
  incident: ['incident', 'incidents'],
  camera: ['camera', 'cameras'],
  event: ['event', 'events'],
  news: ['news story', 'news stories'],
  alert: ['alert', 'alerts'],
  geofence: ['geofence', 'geofences'],
};

/** The list's heading: how many, and of what when more than one kind ("116 objects here: 110 incidents, 6 fire detections"). */
export function pickListHeading(objects: readonly PickProps[]): string {
  const byKind = new Map<string, number>();
  for (const props of objects) {
    const kind = props.kind === 'fire-live' ? 'fire' : isNewsStory(props) ? 'news' : String(props.kind);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const heading = `${objects.length} objects here`;
  if (byKind.size < 2) {
    const [only] = byKind;
    const words = only ? KIND_WORDS[only[0]] : undefined;
    return words ? `${objects.length} ${words[1]} here` : heading;
  }
  return `${heading}: ${[...byKind].map(([kind, count]) => `${count} ${KIND_WORDS[kind]?.[count === 1 ? 0 : 1] ?? kind}`).join(', ')}`;
}
