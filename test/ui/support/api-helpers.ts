// Talks to the API from Node, as another client would: ingest fires, read alerts.
import { uiStack } from './stack-file.js';

export interface TestFire {
  latitude: number;
  longitude: number;
  /** Minutes before now (default 5). */
  minutesAgo?: number;
  confidence?: string;
  frp?: number;
  /** FIRMS's satellite code (default N20). */
  satellite?: string;
  /** FIRMS's daynight (default D). */
  dayNight?: 'D' | 'N';
}

let sequence = 0;

/** Each fire gets its own instant so repeated runs never collide with a stored duplicate. */
export async function ingestFires(fires: readonly TestFire[]): Promise<{ stored: number }> {
  const { apiUrl, token } = uiStack();
  const body = fires.map((fire) => {
    sequence += 1;
    const instant = new Date(Date.now() - (fire.minutesAgo ?? 5) * 60_000 - (sequence % 50) * 1000);
    return {
      latitude: fire.latitude,
      longitude: fire.longitude,
      acq_time: instant.toISOString(),
      satellite: fire.satellite ?? 'N20',
      instrument: fire.satellite === 'Terra' || fire.satellite === 'Aqua' ? 'MODIS' : 'VIIRS',
      confidence: fire.confidence ?? 'h',
      frp: fire.frp ?? 25,
      daynight: fire.dayNight ?? 'D',
    };
  });
  const response = await fetch(`${apiUrl}/api/ingest/fires`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { stored: number };
}

export async function apiGet<T>(path: string): Promise<T> {
  const { apiUrl, token } = uiStack();
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A square geofence of `half` degrees either side of a point; answers its id. */
export async function createGeofence(name: string, [lon, lat]: [number, number], half: number): Promise<string> {
  const { apiUrl, token } = uiStack();
  const ring = [
    [lon - half, lat - half],
    [lon + half, lat - half],
    [lon + half, lat + half],
    [lon - half, lat + half],
    [lon - half, lat - half],
  ];
  const response = await fetch(`${apiUrl}/api/geofences`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, geometry: { type: 'Polygon', coordinates: [ring] } }),
  });
  if (response.status !== 201) throw new Error(`geofence not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The canonical event URL prefix of a fire at this position (as the server builds it). */
export function fireUrlSuffix(latitude: number, longitude: number): string {
  return `/${latitude.toFixed(5)},${longitude.toFixed(5)}`;
}

/** Runs a job now (POST /api/jobs/:name), as Run now does; answers its run. */
export async function runJob(name: string): Promise<Record<string, unknown>> {
  const { apiUrl, token } = uiStack();
  const response = await fetch(`${apiUrl}/api/jobs/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`job ${name} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
