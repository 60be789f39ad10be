// Where the `aircraft` job reads ADS-B from, checked once at start:
// - ADSB_URL set: that one URL, read as it is (a local receiver's aircraft.json, or OpenSky states/all);
// - else ADSB_AGGREGATOR_URL (default adsb.lol): a public ADS-B Exchange v2-compatible aggregator that needs no key,
//   asked for the firefighting type codes and for the area around active incidents and recent fires;
// - ADSB_AGGREGATOR_URL=off: nothing is read (offline), the job is idle and says why.
import { z } from 'zod';

/**
 * adsb.lol: its data is published under the Open Database License (attribution), it publishes no rate limit, and
 * it documents `/v2/type/<type[,type,...]>` and `/v2/point/<lat>/<lon>/<radius ≤ 250 nm>`. airplanes.live answers the
 * same paths (1 request/s, non-commercial use only).
 */
export const DEFAULT_AGGREGATOR_URL = 'https://api.adsb.lol';

/** The largest radius the v2 point query answers (adsb.lol and airplanes.live: 250 nm; adsb.lol takes whole numbers). */
export const MAX_POINT_RADIUS_NM = 250;

export type AircraftSourceMode = 'aggregator' | 'receiver' | 'opensky' | 'off';

export interface AggregatorSettings {
  mode: 'aggregator';
  /** Base URL; the v2 paths are appended (`{url}/v2/type/…`). */
  url: string;
  /** Requests per second at most (the published limit is 1/s where one is published). */
  requestsPerSecond: number;
  /** Point queries per run at most (0: the type query only). */
  maxPoints: number;
  /** How far beyond the farthest incident or fire of a cluster a point query reaches (nm). */
  radiusNm: number;
  /** Fires detected within this many hours count as active. */
  fireHours: number;
}

export type AircraftSourceSettings =
  | { mode: 'receiver' | 'opensky'; url: string }
  | AggregatorSettings
  | { mode: 'off'; reason: string };

export interface AircraftSettings {
  source: AircraftSourceSettings;
  intervalSeconds: number;
}

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

const schema = z.object({
  ADSB_URL: httpUrl('ADSB_URL').optional(),
  ADSB_INTERVAL: z.coerce.number().int().min(5, 'ADSB_INTERVAL is at least 5 seconds').max(86_400).default(60),
  ADSB_AGGREGATOR_URL: z.union([z.literal('off'), httpUrl('ADSB_AGGREGATOR_URL (or off)')]).default(DEFAULT_AGGREGATOR_URL),
  ADSB_AGGREGATOR_RATE: z.coerce.number().positive('ADSB_AGGREGATOR_RATE is requests per second, above 0').max(10).default(1),
  ADSB_AGGREGATOR_MAX_POINTS: z.coerce.number().int().min(0).max(200).default(20),
  ADSB_AGGREGATOR_RADIUS_NM: z.coerce.number().int().min(1).max(MAX_POINT_RADIUS_NM).default(50),
});

/** Fires younger than this are active (as the aircraft–fire pairing has it). */
const FIRE_HOURS = 24;

/** OpenSky's state vectors (`…/api/states/all`); any other URL is read as a receiver's aircraft.json (or v2) answer. */
export function modeOfUrl(url: string): 'receiver' | 'opensky' {
  return /\/states\/all\/?$/i.test(new URL(url).pathname) ? 'opensky' : 'receiver';
}

export function readAircraftSettings(settings: Record<string, string>): AircraftSettings {
  const parsed = schema.parse({
    ADSB_URL: settings.ADSB_URL?.trim() || undefined,
    ADSB_INTERVAL: settings.ADSB_INTERVAL || undefined,
    ADSB_AGGREGATOR_URL: settings.ADSB_AGGREGATOR_URL?.trim() || undefined,
    ADSB_AGGREGATOR_RATE: settings.ADSB_AGGREGATOR_RATE || undefined,
    ADSB_AGGREGATOR_MAX_POINTS: settings.ADSB_AGGREGATOR_MAX_POINTS || undefined,
    ADSB_AGGREGATOR_RADIUS_NM: settings.ADSB_AGGREGATOR_RADIUS_NM || undefined,
  });
  let source: AircraftSourceSettings;
  if (parsed.ADSB_URL) source = { mode: modeOfUrl(parsed.ADSB_URL), url: parsed.ADSB_URL };
  else if (parsed.ADSB_AGGREGATOR_URL === 'off') {
    source = { mode: 'off', reason: "no ADS-B source: ADSB_AGGREGATOR_URL is off and ADSB_URL is not set (a local receiver's aircraft.json or OpenSky)" };
  } else {
    source = {
      mode: 'aggregator',
      url: parsed.ADSB_AGGREGATOR_URL.replace(/\/+$/, ''),
      requestsPerSecond: parsed.ADSB_AGGREGATOR_RATE,
      maxPoints: parsed.ADSB_AGGREGATOR_MAX_POINTS,
      radiusNm: parsed.ADSB_AGGREGATOR_RADIUS_NM,
      fireHours: FIRE_HOURS,
    };
  }
  return { source, intervalSeconds: parsed.ADSB_INTERVAL };
}

/** A URL as health and errors may show it: no credentials, no query (OpenSky takes them there). */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
