// The shapes the renderer reads from the API; kept here so the renderer never depends on server/.
export type Bbox = [west: number, south: number, east: number, north: number];

export interface PipelineFreshness {
  lastSuccessAt: string | null;
  ageSeconds: number | null;
  expectedIntervalSeconds: number;
  stale: boolean;
  lastError: string | null;
  reason: string | null;
  rejected: number;
}

/** GET/PUT/DELETE /api/cameras/sources */
export interface CameraSourceList {
  sources: string[];
  origin: 'saved' | 'settings';
  updatedAt: string | null;
}

/** GET /api/ui-settings */
export interface UiSettings {
  mapStyleUrl: string | null;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  version: string;
  pipelines: Record<string, PipelineFreshness>;
  database?: { ok: boolean; error?: string };
  bus?: { ok: boolean; jetstream: boolean };
}

export interface Fire {
  latitude: number;
  longitude: number;
  acq_time: string;
  satellite: string;
  confidence: string | null;
  frp: number | null;
  daynight: string | null;
  instrument: string | null;
}

export interface Incident {
  irwinId: string;
  name: string;
  sizeAcres: number | null;
  percentContained: number | null;
  discoveredAt: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
}

export interface Aircraft {
  icao24: string;
  callsign: string | null;
  registration: string | null;
  typeCode: string | null;
  operator: string | null;
  latitude: number;
  longitude: number;
  altitudeFt: number | null;
  onGround: boolean;
  groundSpeedKt: number | null;
  trackDeg: number | null;
  seenAt: string;
  firefighting: boolean;
  firefightingReason: string | null;
}

export interface Correlation {
  icao24: string;
  targetType: 'fire' | 'incident';
  /** Fires: `satellite/instant/lat,lon`; incidents: the IRWIN id. */
  targetId: string;
  distanceM: number;
  distanceMiles?: number;
  firstSeenAt?: string;
  lastSeenAt?: string;
  callsign?: string | null;
  aircraftLatitude?: number;
  aircraftLongitude?: number;
  incidentName?: string | null;
}

export interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
}

export interface VantageEvent {
  id: string;
  sourceType: 'fire' | 'camera' | 'news' | 'aircraft' | 'incident' | 'alert';
  url: string;
  title: string;
  summary: string | null;
  geometry: GeoJsonGeometry | null;
  occurredAt: string;
  ingestedAt: string;
  payload?: Record<string, unknown>;
}

export interface EventPage {
  events: VantageEvent[];
  nextCursor: string | null;
}

export interface Geofence {
  id: string;
  name: string;
  geometry: GeoJsonGeometry;
  createdAt: string;
}

export interface Alert {
  id: string;
  geofenceId: string | null;
  geofenceName: string;
  objectType: string;
  objectId: string;
  title: string;
  geometry: GeoJsonGeometry | null;
  createdAt: string;
}

export interface KeyEntry {
  provider: string;
  label: string;
  configured: boolean;
  masked: string | null;
  family: string | null;
  updatedAt: string | null;
}

export interface PlaybackBucket {
  minute: string;
  source: string;
  count: number;
}

export interface PlaybackCell {
  cell: number;
  bbox: Bbox;
  count: number;
}

export interface PlaybackResult {
  from: string;
  to: string;
  buckets: PlaybackBucket[];
  cells: PlaybackCell[];
}

/** Cameras and news are being built server-side; fields are read defensively. */
export interface Camera {
  id: string | number;
  title?: string | null;
  city?: string | null;
  country?: string | null;
  /** Null until the geocoder has placed it. */
  latitude: number | null;
  longitude: number | null;
  firstSeenAt?: string;
  lastSeenAt?: string;
}

export interface NewsItem {
  id: string;
  title: string;
  summary?: string | null;
  link?: string | null;
  categories?: string[];
  sourceCount?: number;
  sources?: Array<{ feed: string; link: string | null }>;
  publishedAt?: string;
}

export interface NewsSummary {
  id?: string;
  kind: string;
  title?: string;
  text: string;
  createdAt?: string;
}

export type LiveServerMessage =
  | { type: 'event'; event: VantageEvent & { bbox: Bbox | null } }
  | { type: 'alert'; alert: Alert }
  | { type: 'health'; health: Pick<HealthReport, 'status' | 'pipelines'> }
  | { type: 'correlation'; correlation: Correlation }
  | { type: 'viewport'; bbox: Bbox }
  | { type: 'pong' }
  | { type: 'error'; error: { code: string; message: string } };
