// What a popup says of an object: its title and rows of label and value, each value in words (a missing one left
// out, numbers rounded, times in UTC and on the wall clock). Pure: unit-tested from Node.
import { satelliteLabel } from '../format/satellite-label.js';
import { SATELLITES } from '../data/view-filter.js';
import { formatBoth } from '../format/time-format.js';
import { isNewsStory, newsRows } from './news-rows.js';

type Props = Record<string, unknown>;

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/**
 * A finite number, or null: MapLibre drops a feature's null properties (they come back undefined), and a value from
 * outside may be text.
 */
function finite(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** `1,234.5 unit` (at most `digits` decimals), or null when there is no number. */
function measured(value: unknown, unit: string, digits = 0): string | null {
  const number = finite(value);
  return number === null ? null : `${number.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`;
}

/** An area in acres: to a tenth, and a burn under an acre as itself ("0.01 acres"), not "0 acres". */
export function acres(value: unknown): string | null {
  const number = finite(value);
  if (number === null) return null;
  const shown = number > 0 && number < 1 ? number.toLocaleString('en-US', { maximumSignificantDigits: 1 }) : number.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${shown} ${shown === '1' ? 'acre' : 'acres'}`;
}

function confidenceLabel(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const named: Record<string, string> = { h: 'high', n: 'nominal', l: 'low' };
  return named[raw] ?? `${raw} %`;
}

/** IRWIN's category of an incident in words (an incident of no known kind has no row). */
const INCIDENT_KIND_LABELS: Record<string, string> = { wildfire: 'Wildfire', prescribed: 'Prescribed burn', complex: 'Incident complex' };

const METRES_PER_MILE = 1_609.344;

/** `12.3 km (7.6 mi) from a fire`: how far a paired aircraft is from what it is paired with. */
export function pairDistanceText(distanceM: unknown, target: unknown): string | null {
  if (typeof distanceM !== 'number' || !Number.isFinite(distanceM)) return null;
  const km = (distanceM / 1000).toFixed(1);
  const miles = (distanceM / METRES_PER_MILE).toFixed(1);
  return `${km} km (${miles} mi) from ${text(target) === 'fire' ? 'a fire' : (text(target) ?? 'a fire')}`;
}

/** A popup's title and its rows (label, value; a row without a value is left out). Pure: unit-tested from Node. */
export function popupRows(props: Props): { title: string; rows: Array<[string, string | null]> } {
  switch (props.kind) {
    case 'fire':
    case 'fire-live':
      return {
        title: props.kind === 'fire-live' ? 'New fire detection' : 'Fire detection',
        rows: [
          ['Detected', formatBoth(props.acqTime as number)],
          ['Satellite', satelliteLabel(text(props.satellite))],
          // FIRMS' global MODIS files have no instrument column (stored as given): the satellite says which.
          ['Instrument', text(props.instrument) ?? SATELLITES.find((satellite) => satellite.code === text(props.satellite))?.instrument ?? null],
          ['Confidence', confidenceLabel(props.confidence)],
          ['FRP', finite(props.frp) === null ? null : `${(finite(props.frp) as number).toFixed(1)} MW`],
          ['Day/night', props.dayNight === 'D' ? 'day' : props.dayNight === 'N' ? 'night' : null],
        ],
      };
    case 'incident':
      return {
        title: text(props.name) ?? 'Incident',
        rows: [
          ['Kind', INCIDENT_KIND_LABELS[text(props.incidentKind) ?? ''] ?? null],
          ['Size', acres(props.sizeAcres)],
          ['Contained', measured(props.percentContained, '%')],
          ['State', text(props.state)],
          ['Discovered', formatBoth(props.discoveredAt as string)],
          ['IRWIN', text(props.irwinId)],
        ],
      };
    case 'aircraft':
      return {
        title: text(props.callsign) ?? text(props.icao24) ?? 'Aircraft',
        rows: [
          ['Firefighting', props.firefighting ? text(props.firefightingReason) ?? 'yes' : null],
          ['Paired', pairDistanceText(props.pairDistanceM, props.pairTarget)],
          ['Paired since', props.pairSince ? formatBoth(props.pairSince as string) : null],
          ['Type', text(props.typeCode)],
          ['Registration', text(props.registration)],
          ['Operator', text(props.operator)],
          ['Altitude', props.onGround === true ? 'on the ground' : measured(props.altitudeFt, 'ft')],
          ['Speed', measured(props.groundSpeedKt, 'kt')],
          ['Track', finite(props.trackDeg) === null ? null : `${Math.round(finite(props.trackDeg) as number) % 360}°`],
          ['Seen', formatBoth(props.seenAt as string)],
          ['ICAO24', text(props.icao24)],
        ],
      };
    case 'event':
      if (isNewsStory(props)) return newsRows(props);
      return { title: text(props.title) ?? 'Event', rows: [['Source', text(props.sourceType)], ['When', formatBoth(props.occurredAt as string)], ['', text(props.summary)]] };
    case 'geofence':
      return { title: `Geofence: ${text(props.name) ?? ''}`, rows: geofenceRows(props) };
    case 'alert':
      return { title: text(props.title) ?? 'Alert', rows: [['Geofence', text(props.geofenceName)], ['Object', text(props.objectType)], ['Raised', formatBoth(props.createdAt as string)]] };
    case 'camera':
      return { title: text(props.title) ?? 'Camera', rows: [['Place', [text(props.city), text(props.country)].filter(Boolean).join(', ') || null], ['Found', formatBoth(props.discoveredAt as string)]] };
    default:
      return { title: 'Feature', rows: [] };
  }
}

/** A fence's alerts in the map's window (counted from those the map shows: feature-collections.ts), then its making. */
function geofenceRows(props: Props): Array<[string, string | null]> {
  const count = finite(props.alertCount);
  const window = text(props.alertWindow);
  const within = window ? ` in the ${window}` : '';
  const alerts = count === null ? null : count === 0 ? `none${within}` : `${count}${within}`;
  return [
    ['Alerts', alerts],
    ['Newest alert', count ? formatBoth(props.newestAlertAt as string) : null],
    ['Created', formatBoth(props.createdAt as string)],
  ];
}
