// API records → GeoJSON features for the map sources; properties carry what popups show.
import type { Feature, FeatureCollection, Geometry, LineString, Point } from 'geojson';
import { incidentIsQuiet } from './incident-quiet.js';
import type { Aircraft, AircraftTrail, Alert, Camera, Correlation, CorrelationPair, Fire, Geofence, Incident, PlaybackCell, VantageEvent } from '../api/api-types.js';

/** An event from search (with a rank) or from the live socket (with a bbox): what the map draws of both. */
export type MapEvent = Omit<VantageEvent, 'rank'>;

/** A pair as the live socket announces it, or as GET /api/correlations lists it (with the aircraft's position). */
export type CorrelationLine = CorrelationPair & Partial<Pick<Correlation, 'aircraftLatitude' | 'aircraftLongitude' | 'firstSeenAt' | 'incidentName' | 'incidentLatitude' | 'incidentLongitude'>>;

type Props = Record<string, string | number | boolean | null>;

function point(lon: number, lat: number, properties: Props): Feature<Point, Props> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

export function collection<G extends Geometry>(features: Array<Feature<G, Props>>): FeatureCollection<G, Props> {
  return { type: 'FeatureCollection', features };
}

const epochSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export function fireFeatures(fires: readonly Fire[]): FeatureCollection<Point, Props> {
  return collection(
    fires.map((fire) =>
      point(fire.longitude, fire.latitude, {
        kind: 'fire',
        satellite: fire.satellite,
        instrument: fire.instrument,
        confidence: fire.confidence,
        frp: fire.frp,
        dayNight: fire.dayNight,
        // Epoch seconds, as in the vector tiles, so one playback filter fits both.
        acqTime: epochSeconds(fire.acqTime),
      }),
    ),
  );
}

const textField = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const numberField = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A fire that arrived on the live socket: its event carries the detection as its payload, fields and all. */
export function liveFireFeature(event: MapEvent): Feature<Point, Props> | null {
  if (event.geometry?.type !== 'Point') return null;
  const [lon, lat] = event.geometry.coordinates as [number, number];
  const detection = event.payload;
  return point(lon, lat, {
    kind: 'fire-live',
    url: event.url,
    title: event.title,
    summary: event.summary,
    satellite: textField(detection.satellite),
    instrument: textField(detection.instrument),
    confidence: textField(detection.confidence),
    frp: numberField(detection.frp),
    // The bus message spells it dayNight.
    dayNight: textField(detection.dayNight),
    acqTime: epochSeconds(event.occurredAt),
  });
}

export function incidentFeatures(incidents: readonly Incident[], now = Date.now()): FeatureCollection<Point, Props> {
  return collection(
    incidents.map((incident) =>
      point(incident.longitude, incident.latitude, {
        kind: 'incident',
        irwinId: incident.irwinId,
        incidentKind: incident.kind,
        name: incident.name,
        sizeAcres: incident.sizeAcres,
        percentContained: incident.percentContained,
        discoveredAt: incident.discoveredAt,
        // For playback's filter (map-controller.ts): an incident shows from its discovery on; undated ones always.
        ...(incident.discoveredAt && { discoveredEpoch: Math.floor(Date.parse(incident.discoveredAt) / 1000) }),
        state: incident.state,
        // Drawn faded, and beneath the others (incident-quiet.ts).
        quiet: incidentIsQuiet(incident, now),
      }),
    ),
  );
}

/** The closest pair of each aircraft: what its popup says about the fire or incident it works near. */
function closestPairs(correlations: readonly CorrelationLine[]): Map<string, CorrelationLine> {
  const closest = new Map<string, CorrelationLine>();
  for (const pair of correlations) {
    const seen = closest.get(pair.icao24);
    if (!seen || pair.distanceM < seen.distanceM) closest.set(pair.icao24, pair);
  }
  return closest;
}

export function aircraftFeatures(aircraft: readonly Aircraft[], correlations: readonly CorrelationLine[] = []): FeatureCollection<Point, Props> {
  const pairs = closestPairs(correlations);
  return collection(
    aircraft.map((plane) => {
      const pair = pairs.get(plane.icao24);
      return point(plane.longitude, plane.latitude, {
        kind: 'aircraft',
        icao24: plane.icao24,
        callsign: plane.callsign,
        registration: plane.registration,
        typeCode: plane.typeCode,
        operator: plane.operator,
        altitudeFt: plane.altitudeFt,
        groundSpeedKt: plane.groundSpeedKt,
        onGround: plane.onGround,
        trackDeg: plane.trackDeg,
        seenAt: plane.seenAt,
        firefighting: plane.firefighting,
        firefightingReason: plane.firefightingReason,
        pairTarget: pair ? (pair.targetType === 'incident' ? `incident ${pair.incidentName ?? pair.targetId}` : 'fire') : null,
        pairDistanceM: pair?.distanceM ?? null,
        pairSince: pair?.firstSeenAt ?? null,
      });
    }),
  );
}

/** Each aircraft's trail, drawn beneath its icon. */
export function trailFeatures(trails: readonly AircraftTrail[]): FeatureCollection<LineString, Props> {
  return {
    type: 'FeatureCollection',
    features: trails.map((trail) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: trail.geometry.coordinates },
      properties: { kind: 'aircraft-trail', icao24: trail.icao24, callsign: trail.callsign, firefighting: trail.firefighting, since: trail.since, until: trail.until },
    })),
  };
}

/** Fire target ids end in `lat,lon` (satellite/instant/lat,lon). */
export function fireTargetPosition(targetId: string): [number, number] | null {
  const match = /\/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(targetId);
  if (!match) return null;
  return [Number(match[2]), Number(match[1])];
}

/** Where a pair's incident is: the incidents layer's, else the place the pair was listed with (a playback minute's lines are drawn without the layer). */
function incidentPosition(pair: CorrelationLine, incidentById: ReadonlyMap<string, Incident>): [number, number] | null {
  const incident = incidentById.get(pair.targetId);
  if (incident) return [incident.longitude, incident.latitude];
  if (pair.incidentLongitude === undefined || pair.incidentLongitude === null || pair.incidentLatitude === undefined || pair.incidentLatitude === null) return null;
  return [pair.incidentLongitude, pair.incidentLatitude];
}

/**
 * One line per aircraft, to its nearest fire or incident (the one its popup names): over a busy fire area every pair
 * within the radius would be a hundred lines meeting on the aircraft and hiding it.
 */
export function correlationFeatures(
  correlations: readonly CorrelationLine[],
  aircraft: readonly Aircraft[],
  incidents: readonly Incident[],
): FeatureCollection<Geometry, Props> {
  const planes = new Map(aircraft.map((plane) => [plane.icao24, plane]));
  const incidentById = new Map(incidents.map((incident) => [incident.irwinId, incident]));
  const features: Array<Feature<Geometry, Props>> = [];
  for (const pair of closestPairs(correlations).values()) {
    const plane = planes.get(pair.icao24);
    const from: [number, number] | null = plane
      ? [plane.longitude, plane.latitude]
      : pair.aircraftLongitude !== undefined && pair.aircraftLatitude !== undefined
        ? [pair.aircraftLongitude, pair.aircraftLatitude]
        : null;
    const to = pair.targetType === 'fire' ? fireTargetPosition(pair.targetId) : incidentPosition(pair, incidentById);
    if (!from || !to) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [from, to] },
      properties: { kind: 'correlation', icao24: pair.icao24, targetType: pair.targetType, distanceM: pair.distanceM },
    });
  }
  return collection(features);
}

/** What a news story's popup shows besides the event: its article, outlet and the place it was placed at (flat: feature properties hold no objects). */
function newsStoryProperties(event: MapEvent): Props {
  if (event.sourceType !== 'news') return {};
  const field = (name: string) => (typeof event.payload[name] === 'string' ? event.payload[name] : null);
  return { link: field('link'), feed: field('feed'), place: field('place'), mention: field('mention') };
}

export function eventFeatures(events: readonly MapEvent[]): FeatureCollection<Geometry, Props> {
  return collection(
    events
      .filter((event) => event.geometry)
      .map((event) => ({
        type: 'Feature' as const,
        geometry: event.geometry as Geometry,
        properties: {
          kind: 'event',
          id: event.id,
          sourceType: event.sourceType,
          title: event.title,
          summary: event.summary,
          url: event.url,
          occurredAt: event.occurredAt,
          // Epoch seconds: playback shows the events of the window before the cursor.
          occurredEpoch: Math.floor(Date.parse(event.occurredAt) / 1000),
          ...newsStoryProperties(event),
        },
      })),
  );
}

/** What the fences' popups are told of their alerts: those of the map's window, in its words; `only` the fence they are read for. */
export interface FenceAlerts {
  alerts: readonly Alert[];
  window: string;
  /** The alerts were read for this fence alone (the filter's): the others' are not known. */
  only: string | null;
}

/**
 * The fences, each with what its popup tells of its alerts: how many are of it in the map's window and when the newest
 * was raised. `known` null (not read, failed, or a playback minute's window the alerts read does not end at): none said.
 */
export function geofenceFeatures(geofences: readonly Geofence[], known: FenceAlerts | null = null): FeatureCollection<Geometry, Props> {
  const alerts = known?.alerts ?? [];
  const ofFence = new Map<string, { count: number; newest: string }>();
  for (const alert of alerts) {
    if (!alert.geofenceId) continue;
    const known = ofFence.get(alert.geofenceId);
    if (!known) ofFence.set(alert.geofenceId, { count: 1, newest: alert.createdAt });
    else ofFence.set(alert.geofenceId, { count: known.count + 1, newest: Date.parse(alert.createdAt) > Date.parse(known.newest) ? alert.createdAt : known.newest });
  }
  return collection(
    geofences.map((fence) => ({
      type: 'Feature' as const,
      geometry: fence.geometry as Geometry,
      properties: {
        kind: 'geofence',
        id: fence.id,
        name: fence.name,
        createdAt: fence.createdAt,
        ...(known && (known.only === null || known.only === fence.id)
          ? { alertCount: ofFence.get(fence.id)?.count ?? 0, newestAlertAt: ofFence.get(fence.id)?.newest ?? null, alertWindow: known.window }
          : { alertCount: null, newestAlertAt: null, alertWindow: null }),
      },
    })),
  );
}

export function alertFeatures(alerts: readonly Alert[]): FeatureCollection<Geometry, Props> {
  return collection(
    alerts
      .filter((alert) => alert.geometry)
      .map((alert) => ({
        type: 'Feature' as const,
        geometry: alert.geometry as Geometry,
        properties: {
          kind: 'alert',
          id: alert.id,
          title: alert.title,
          geofenceName: alert.geofenceName,
          objectType: alert.objectType,
          createdAt: alert.createdAt,
          // Epoch seconds: playback shows the alerts raised in the window before the cursor.
          createdEpoch: Math.floor(Date.parse(alert.createdAt) / 1000),
        },
      })),
  );
}

export function cameraFeatures(cameras: readonly Camera[]): FeatureCollection<Point, Props> {
  return collection(
    cameras
      .filter((camera) => Number.isFinite(camera.latitude) && Number.isFinite(camera.longitude))
      .map((camera) =>
        point(camera.longitude as number, camera.latitude as number, {
          kind: 'camera',
          id: String(camera.id),
          title: camera.title ?? 'Camera',
          city: camera.city ?? null,
          country: camera.country ?? null,
          discoveredAt: camera.firstSeenAt ?? null,
        }),
      ),
  );
}

export function playbackCellFeatures(cells: readonly PlaybackCell[]): FeatureCollection<Geometry, Props> {
  return collection(
    cells.map((cell) => {
      const [west, south, east, north] = cell.bbox;
      return {
        type: 'Feature' as const,
        geometry: { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] },
        properties: { kind: 'playback-cell', count: cell.count },
      };
    }),
  );
}
