// One line naming an object in the list shown when a click lands on several. Pure and DOM-free (`.js` specifiers):
// unit-tested from Node.
import { satelliteLabel } from '../format/satellite-label.js';
import { formatMinuteBoth, toDate } from '../format/time-format.js';

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
    case 'incident':
      return `Incident: ${text(props.name) ?? 'unnamed'}`;
    case 'camera':
      return `Camera: ${text(props.title) ?? 'unnamed'}`;
    case 'event':
      return `Event: ${text(props.title) ?? text(props.sourceType) ?? ''}`;
    case 'alert':
      return `Alert in “${text(props.geofenceName) ?? 'a geofence'}”: ${text(props.title) ?? ''}`;
    case 'geofence':
      return `Geofence: ${text(props.name) ?? ''}`;
    default:
      return 'Feature';
  }
}
