// What lies under a click: every object within a few pixels, once each, the objects themselves before the alerts and
// geofences that concern them (a geofence's area only when nothing else is there), so a ring or an area never hides
// the fire or aircraft inside it. Pure and DOM-free (`.js` specifiers): unit-tested from Node.
import type { Geometry } from 'geojson';
import { toDate } from '../format/time-format.js';
import type { PickProps } from './pick-label.js';

export type { PickProps };

/** Half the side of the box a click searches, in pixels: small targets (a 3 px fire) need some slack. */
export const PICK_RADIUS_PX = 5;

const ORDER: Record<string, number> = { aircraft: 0, fire: 1, 'fire-live': 1, incident: 2, camera: 3, event: 4, alert: 5, geofence: 6 };
const BACKGROUND = new Set(['geofence']);

interface PickableFeature {
  properties: PickProps | null;
  geometry: Geometry;
  layer: { id: string };
}

/** The feature's properties with its kind (vector-tile fires carry none) and, for a point, its `position` ([lon, lat]). */
function propsOf(feature: PickableFeature): PickProps {
  const props = feature.properties ?? {};
  const position = feature.geometry.type === 'Point' ? { position: feature.geometry.coordinates.slice(0, 2) } : {};
  return { ...props, ...position, kind: feature.layer.id === 'fires-tiles' ? 'fire' : props.kind };
}

/** One object however many layers draw it (a new detection is both a live ring and a point). */
function identity(props: PickProps, geometry: Geometry): string {
  const kind = props.kind === 'fire-live' ? 'fire' : String(props.kind);
  if (props.id !== undefined && props.id !== null) return `${kind}:${String(props.id)}`;
  if (props.icao24) return `${kind}:${String(props.icao24)}`;
  if (props.irwinId) return `${kind}:${String(props.irwinId)}`;
  const where = geometry.type === 'Point' ? geometry.coordinates.map((value) => value.toFixed(4)).join(',') : JSON.stringify(props);
  return `${kind}:${where}:${String(props.acqTime ?? '')}:${String(props.satellite ?? '')}`;
}

/** A fire's detection time (epoch ms) for the list's order; 0 for anything else. */
function detectedAt(props: PickProps): number {
  return toDate(props.acqTime as string | number | undefined)?.getTime() ?? 0;
}

/** Within a kind, what comes first: the largest incident, a firefighting aircraft; 0 for the rest. */
function weight(props: PickProps): number {
  if (props.kind === 'incident') return typeof props.sizeAcres === 'number' ? props.sizeAcres : -1;
  if (props.kind === 'aircraft') return props.firefighting ? 1 : 0;
  return 0;
}

/** The objects under a click, each once, in the order a list shows them. */
export function pickedObjects(features: readonly PickableFeature[]): PickProps[] {
  const seen = new Map<string, PickProps>();
  for (const feature of features) {
    const props = propsOf(feature);
    const key = identity(props, feature.geometry);
    if (!seen.has(key)) seen.set(key, props);
  }
  const all = [...seen.values()];
  const foreground = all.filter((props) => !BACKGROUND.has(String(props.kind)));
  const chosen = withoutCameraAnnouncements(foreground.length > 0 ? foreground : all);
  // By kind; fire detections newest first (a list of one place's passes read 18:30, yesterday's, before 06:30);
  // incidents largest first (a click on a city's 110 listed them in the feed's order, the 14,021-acre one among them);
  // firefighting aircraft first.
  return chosen.sort((a, b) => (ORDER[String(a.kind)] ?? 9) - (ORDER[String(b.kind)] ?? 9) || weight(b) - weight(a) || detectedAt(b) - detectedAt(a));
}

/** How far an alert's point may lie from its object's as drawn (a tile moves a point to its grid): about 100 m. */
const SAME_PLACE_DEGREES = 0.001;

function samePlace(a: unknown, b: unknown): boolean {
  const [p, q] = [a as number[] | undefined, b as number[] | undefined];
  return !!p && !!q && Math.abs(p[0]! - q[0]!) <= SAME_PLACE_DEGREES && Math.abs(p[1]! - q[1]!) <= SAME_PLACE_DEGREES;
}

/**
 * Without the events that announce a camera listed beside it (the crawl's event of its discovery: same place, same
 * title): they are the camera. A click on a camera found that day listed "1 camera, 1 event" instead of opening it.
 */
function withoutCameraAnnouncements(objects: readonly PickProps[]): PickProps[] {
  const cameras = objects.filter((props) => props.kind === 'camera');
  if (cameras.length === 0) return [...objects];
  const announces = (props: PickProps) =>
    props.kind === 'event' && props.sourceType === 'camera' && cameras.some((camera) => camera.title === props.title && samePlace(camera.position, props.position));
  return objects.filter((props) => !announces(props));
}

/**
 * One object and only the alerts raised about it (of its kind, at its place): a click on a fire inside a watched area
 * finds the fire and its own alert ring, and opened a list of the two. The object is opened, its alerts listed in it.
 */
export function objectWithItsAlerts(objects: readonly PickProps[]): { object: PickProps; alerts: PickProps[] } | null {
  const alerts = objects.filter((props) => props.kind === 'alert');
  const others = objects.filter((props) => props.kind !== 'alert');
  const [object] = others;
  if (others.length !== 1 || !object || alerts.length === 0) return null;
  const kind = object.kind === 'fire-live' ? 'fire' : String(object.kind);
  const place = object.position as number[] | undefined;
  const itsOwn = (alert: PickProps) => alert.objectType === kind && samePlace(place, alert.position);
  return alerts.every(itsOwn) ? { object, alerts } : null;
}
