// What the analyst has chosen to look at: a time window and which fires, aircraft and area. The one source of
// truth for "in view": the map's fire tiles and points, the HUD's counts and the export are all asked for with
// the same parameters (fireFilterParams), so they cannot disagree. Pure (`.js` specifiers): unit-tested from Node.
import { HOUR_MS, MINUTE_MS } from './time-windows.js';

export const WINDOW_CHOICES = ['1h', '6h', '24h', '72h', '7d', 'custom'] as const;
export type WindowChoice = (typeof WINDOW_CHOICES)[number];

const WINDOW_MS: Record<Exclude<WindowChoice, 'custom'>, number> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '72h': 72 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
};

export const WINDOW_LABELS: Record<WindowChoice, string> = {
  '1h': 'Last hour',
  '6h': 'Last 6 h',
  '24h': 'Last 24 h',
  '72h': 'Last 72 h',
  '7d': 'Last 7 days',
  custom: 'From … to …',
};

/** A custom window with both ends set (one the HUD's counter cannot name in a few characters). */
export function hasChosenWindow(filter: ViewFilter): boolean {
  return filter.window === 'custom' && filter.from !== null && filter.to !== null;
}

/**
 * A chosen window whose end has come: the map shows it and not what arrives now (a fire acquired after the end is
 * not drawn, not counted), so the live badge must not say Live. Choosing "Custom" sets the end to the minute then.
 */
export function chosenWindowHasEnded(filter: ViewFilter, now: number): boolean {
  return hasChosenWindow(filter) && filter.to !== null && filter.to <= now;
}

/**
 * Where the timeline ends for a chosen window that has ended (epoch ms, the end of the minute holding its end): it is
 * played over its own hours instead of the last ones before now, which held none of it. Null for any other window.
 */
export function endedWindowEnd(filter: ViewFilter, now: number): number | null {
  if (!chosenWindowHasEnded(filter, now) || filter.to === null) return null;
  return Math.ceil(filter.to / MINUTE_MS) * MINUTE_MS;
}

/** A preset window in a few characters ("last 24 h"); a custom one without both ends is the default day. */
export function presetWindowLabel(filter: ViewFilter): string {
  return WINDOW_LABELS[filter.window === 'custom' ? '24h' : filter.window].toLowerCase();
}

export const CONFIDENCE_LEVELS = ['low', 'nominal', 'high'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** The satellites FIRMS names, by the code stored with each detection. */
export const SATELLITES = [
  { code: 'N', name: 'Suomi NPP', instrument: 'VIIRS' },
  { code: 'N20', name: 'NOAA-20', instrument: 'VIIRS' },
  { code: 'N21', name: 'NOAA-21', instrument: 'VIIRS' },
  { code: 'Terra', name: 'Terra', instrument: 'MODIS' },
  { code: 'Aqua', name: 'Aqua', instrument: 'MODIS' },
] as const;
const SATELLITE_CODES: readonly string[] = SATELLITES.map((satellite) => satellite.code);

export interface ViewFilter {
  window: WindowChoice;
  /** The custom window, epoch ms (only with window `custom`). */
  from: number | null;
  to: number | null;
  /** Empty: every level. */
  confidence: ConfidenceLevel[];
  /** Fire radiative power at least this, MW; null: any. */
  minFrp: number | null;
  /** Empty: every satellite. */
  satellites: string[];
  firefightingOnly: boolean;
  /** Only what lies inside this alert geofence. */
  geofenceId: string | null;
  /** Only fires detected by day, or by night; null: both. */
  dayNight: DayNight | null;
}

export const DAY_NIGHT_CHOICES = ['day', 'night'] as const;
export type DayNight = (typeof DAY_NIGHT_CHOICES)[number];

export const DEFAULT_FILTER: ViewFilter = {
  window: '24h',
  from: null,
  to: null,
  confidence: [],
  minFrp: null,
  satellites: [],
  firefightingOnly: false,
  geofenceId: null,
  dayNight: null,
};

/** The window in epoch ms: [since, until); until null means up to now (the window slides). */
export function windowRange(filter: ViewFilter, now: number): { since: number; until: number | null } {
  if (filter.window === 'custom' && filter.from !== null && filter.to !== null && filter.from < filter.to) {
    return { since: filter.from, until: Math.min(filter.to, now) };
  }
  const span = filter.window === 'custom' ? WINDOW_MS['24h'] : WINDOW_MS[filter.window];
  return { since: now - span, until: null };
}

/** How long the window is, ms (what the playback range and the aged-fire cut use). */
export function windowSpanMs(filter: ViewFilter, now: number): number {
  const { since, until } = windowRange(filter, now);
  return (until ?? now) - since;
}

/**
 * The query parameters of GET /api/fires, /api/fires/count, the fire tiles and /api/export for this filter. A
 * preset window is sent as a span (`24h`) that the server reads against its own clock: every request of one view
 * names the same window, and a tile URL stays the same while the window slides (its ETag can answer 304).
 */
export function fireFilterParams(filter: ViewFilter, reachStart: number | null = null): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.window === 'custom' && filter.from !== null && filter.to !== null && filter.from < filter.to) {
    params.since = new Date(filter.from).toISOString();
    params.until = new Date(filter.to).toISOString();
  } else {
    // In playback (playbackReachStart) the map's data reaches back to the window before the cursor, not now's.
    params.since = reachStart !== null ? new Date(reachStart).toISOString() : filter.window === 'custom' ? '24h' : filter.window;
  }
  if (filter.confidence.length > 0 && filter.confidence.length < CONFIDENCE_LEVELS.length) params.confidence = filter.confidence.join(',');
  if (filter.minFrp !== null && filter.minFrp > 0) params.minFrp = String(filter.minFrp);
  if (filter.satellites.length > 0 && filter.satellites.length < SATELLITES.length) params.satellites = filter.satellites.join(',');
  if (filter.geofenceId) params.geofence = filter.geofenceId;
  if (filter.dayNight) params.dayNight = filter.dayNight;
  return params;
}

/**
 * In playback, from when the map's data must reach: the window before the cursor's minute (its end included), from
 * the start of that hour, so that a playing cursor asks for data again once per hour it passes, not at each minute
 * (the map shows the cursor's window of it: map-controller.ts's playback filter). Null live, and with a chosen window
 * (its own ends, whatever the cursor). A preset window read from now held none of the hours before it: at 10:48 with
 * the 6 h window the HUD counted 554 fires and the map drew 242.
 */
export function playbackReachStart(filter: ViewFilter, playbackMinute: number | null, now: number): number | null {
  if (playbackMinute === null || hasChosenWindow(filter)) return null;
  const windowStart = playbackMinute + MINUTE_MS - windowSpanMs(filter, now);
  return Math.floor(windowStart / HOUR_MS) * HOUR_MS;
}

/** The fire tiles' query string: empty for the default filter (the tiles' own default is the last 24 h too). */
export function fireTileQuery(filter: ViewFilter, reachStart: number | null = null): string {
  const params = fireFilterParams(filter, reachStart);
  if (Object.keys(params).length === 1 && params.since === '24h') return '';
  return new URLSearchParams(params).toString();
}

/** The filter's narrowing of the fires beyond the time window (confidence, power, satellites, day or night, a geofence) as query parameters: none → empty. */
export function fireNarrowing(filter: ViewFilter): Record<string, string> {
  const { since: _since, until: _until, ...narrowing } = fireFilterParams(filter);
  return narrowing;
}

/** Whether a filter narrows fires beyond the time window (what a live fire has to be checked against). */
export function narrowsFires(filter: ViewFilter): boolean {
  return Object.keys(fireNarrowing(filter)).length > 0;
}

/** FIRMS's confidence classes: VIIRS stores l/n/h, MODIS a percentage (< 30 low, ≥ 80 high). */
export function confidenceClass(stored: unknown): ConfidenceLevel | null {
  if (stored === 'l' || stored === 'low') return 'low';
  if (stored === 'n' || stored === 'nominal') return 'nominal';
  if (stored === 'h' || stored === 'high') return 'high';
  const percent = Number(stored);
  if (stored === null || stored === undefined || stored === '' || !Number.isFinite(percent)) return null;
  return percent < 30 ? 'low' : percent >= 80 ? 'high' : 'nominal';
}

/**
 * Whether a live fire passes the filter's fire conditions. A geofence cannot be judged here (the server tests the
 * area): with one chosen, live fires wait for the next read of the view.
 */
export function liveFirePasses(filter: ViewFilter, fire: { confidence?: unknown; frp?: unknown; satellite?: unknown; dayNight?: unknown }): boolean {
  if (filter.geofenceId) return false;
  if (filter.confidence.length > 0) {
    const level = confidenceClass(fire.confidence);
    if (!level || !filter.confidence.includes(level)) return false;
  }
  if (filter.minFrp !== null && filter.minFrp > 0 && !(Number(fire.frp) >= filter.minFrp)) return false;
  if (filter.satellites.length > 0 && !filter.satellites.includes(String(fire.satellite))) return false;
  // FIRMS' D or N; a detection without it is left out, as the server leaves it out.
  if (filter.dayNight && fire.dayNight !== (filter.dayNight === 'day' ? 'D' : 'N')) return false;
  return true;
}

// The highest floor the API takes (server/fires/fire-detection.ts MAX_FRP_MW): no fire measured comes near it.
export const MAX_FRP_FLOOR_MW = 100_000;

export interface FrpFloor {
  /** The floor the filter takes: null is any. */
  minFrp: number | null;
  /** What the box says of what was typed: below 0 (any fire), or above the highest floor (that one taken). */
  note: 'negative' | 'too-high' | null;
}

/**
 * The FRP floor typed in the filter box: to the hundredth of a MW (as FIRMS gives it: a smaller step would be written
 * in an exponent the API refuses); 0 or less is any; above the highest floor, the highest.
 */
export function frpFloorOf(text: string): FrpFloor {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return { minFrp: null, note: null };
  if (value < 0) return { minFrp: null, note: 'negative' };
  if (value > MAX_FRP_FLOOR_MW) return { minFrp: MAX_FRP_FLOOR_MW, note: 'too-high' };
  if (value === 0) return { minFrp: null, note: null };
  // A positive floor under a hundredth is the smallest one written (0.01 MW), not "any".
  return { minFrp: Math.max(0.01, Math.round(value * 100) / 100), note: null };
}

/** The chosen filters in words, one short phrase each (the HUD's filter line and the export's name). */
export function describeFilter(filter: ViewFilter, formatInstant: (epochMs: number) => string, geofenceName?: string | null): string[] {
  const words: string[] = [];
  if (filter.window === 'custom' && filter.from !== null && filter.to !== null) words.push(`${formatInstant(filter.from)} – ${formatInstant(filter.to)}`);
  else words.push(WINDOW_LABELS[filter.window === 'custom' ? '24h' : filter.window]);
  // The fence next: it narrows every layer, so it is what explains counters of 0 (last, a line at 1280 px cut it).
  if (filter.geofenceId) words.push(insideWords(geofenceName ? `“${geofenceName}”` : `geofence ${filter.geofenceId}`));
  if (filter.confidence.length > 0 && filter.confidence.length < CONFIDENCE_LEVELS.length) words.push(`${filter.confidence.join(' or ')} confidence`);
  if (filter.minFrp !== null && filter.minFrp > 0) words.push(`FRP ≥ ${filter.minFrp.toLocaleString('en-US')} MW`);
  if (filter.dayNight) words.push(`${filter.dayNight} detections only`);
  if (filter.firefightingOnly) words.push('firefighting aircraft only');
  // The satellites last, the longest words (a line too narrow for them all cuts them, not the shorter conditions);
  // most of them chosen, by the ones left out.
  if (filter.satellites.length > 0 && filter.satellites.length < SATELLITES.length) words.push(satelliteWords(filter.satellites));
  return words;
}

/** "Suomi NPP, NOAA-20", or with more than half chosen, "every satellite but Terra and Aqua". */
function satelliteWords(chosen: readonly string[]): string {
  const names = (keep: boolean) => SATELLITES.filter((satellite) => chosen.includes(satellite.code) === keep).map((satellite) => satellite.name);
  return chosen.length * 2 > SATELLITES.length ? `every satellite but ${names(false).join(' and ')}` : names(true).join(', ');
}

/** The geofence condition's words (every layer's, not only the fires'): "inside “Ridge fence”". */
export const INSIDE_PREFIX = 'inside ';
const insideWords = (fence: string) => `${INSIDE_PREFIX}${fence}`;

// In the address: `&filter=w:72h;c:high,nominal;frp:10;sat:N,N20;ff;g:<id>;dn:night` or `w:custom:<from>:<to>` (epoch ms).
/** The filter's part of the address; null when it is the default. */
export function writeFilter(filter: ViewFilter): string | null {
  const parts: string[] = [];
  if (filter.window === 'custom' && filter.from !== null && filter.to !== null) parts.push(`w:custom:${filter.from}:${filter.to}`);
  else if (filter.window !== DEFAULT_FILTER.window && filter.window !== 'custom') parts.push(`w:${filter.window}`);
  if (filter.confidence.length > 0) parts.push(`c:${filter.confidence.join(',')}`);
  if (filter.minFrp !== null && filter.minFrp > 0) parts.push(`frp:${filter.minFrp}`);
  if (filter.satellites.length > 0) parts.push(`sat:${filter.satellites.join(',')}`);
  if (filter.firefightingOnly) parts.push('ff');
  if (filter.geofenceId) parts.push(`g:${filter.geofenceId}`);
  if (filter.dayNight) parts.push(`dn:${filter.dayNight}`);
  return parts.length > 0 ? parts.join(';') : null;
}

/** The filter an address names; anything unreadable is left at its default. */
export function readFilter(value: string | null): ViewFilter {
  const filter: ViewFilter = { ...DEFAULT_FILTER, confidence: [], satellites: [] };
  if (!value) return filter;
  for (const part of value.split(';')) {
    const [key, ...rest] = part.split(':');
    const body = rest.join(':');
    if (key === 'w') {
      const [choice, from, to] = body.split(':');
      if (choice === 'custom') {
        const start = Number(from);
        const end = Number(to);
        if (Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start < end) Object.assign(filter, { window: 'custom', from: start, to: end });
      } else if ((WINDOW_CHOICES as readonly string[]).includes(choice ?? '')) filter.window = choice as WindowChoice;
    } else if (key === 'c') {
      filter.confidence = CONFIDENCE_LEVELS.filter((level) => body.split(',').includes(level));
    } else if (key === 'frp') {
      const frp = Number(body);
      if (Number.isFinite(frp) && frp > 0 && frp <= MAX_FRP_FLOOR_MW) filter.minFrp = frpFloorOf(body).minFrp;
    } else if (key === 'sat') {
      filter.satellites = body.split(',').filter((code) => SATELLITE_CODES.includes(code));
    } else if (key === 'ff') {
      filter.firefightingOnly = true;
    } else if (key === 'g' && /^[\w-]{1,64}$/.test(body)) {
      filter.geofenceId = body;
    } else if (key === 'dn' && (DAY_NIGHT_CHOICES as readonly string[]).includes(body)) {
      filter.dayNight = body as DayNight;
    }
  }
  return filter;
}
