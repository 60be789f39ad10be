// The view in the address: `#view=lon,lat,zoom&layers=fires,aircraft&filter=w:72h;c:high&at=2026-11-24T03:12Z` — a
// link or a reload reopens the same place, layers, filters and playback minute (none while live; view-filter.ts
// writes the filter's part). Only the fragment: it never reaches a server. Pure (`.js` specifiers): unit-tested from Node.
import { readFilter, type ViewFilter, writeFilter } from '../data/view-filter.js';
import { LAYER_KEYS, type LayerKey, type LayerVisibility } from '../map/layer-catalog.js';

export interface InitialView {
  center: [number, number];
  zoom: number;
}

export interface AddressState {
  view: InitialView | null;
  /** null: every layer (the default). */
  layers: LayerVisibility | null;
  /** The default filter when the address names none. */
  filter: ViewFilter;
  /** The playback minute (its start, epoch ms); null: live. Whether it can still be shown is the timeline's call. */
  at: number | null;
}

/**
 * What a first start opens on when the address names no view: the inhabited world, whole, fitted to the map's own
 * width (west, south, east, north). A fixed centre and zoom (10° E, 25° N, zoom 1.6) showed Europe and Africa in the
 * strip between the two panels and left the Americas off screen: on a computer set to UTC nothing flies elsewhere.
 */
export const WORLD_BOUNDS: [number, number, number, number] = [-180, -58, 180, 78];

function viewOf(value: string | null): InitialView | null {
  if (!value) return null;
  const parts = value.split(',').map(Number);
  const [lon, lat, zoom] = parts;
  if (parts.length !== 3 || lon === undefined || lat === undefined || zoom === undefined || parts.some((n) => !Number.isFinite(n))) return null;
  if (Math.abs(lat) > 85 || zoom < 0 || zoom > 20) return null;
  // A longitude past the antimeridian (a panned-around world) is wrapped back; one within it is kept exactly.
  const wrapped = lon >= -180 && lon <= 180 ? lon : ((((lon + 180) % 360) + 360) % 360) - 180;
  return { center: [wrapped, lat], zoom };
}

function layersOf(value: string | null): LayerVisibility | null {
  if (value === null) return null;
  const named = new Set(value.split(',').filter((name): name is LayerKey => (LAYER_KEYS as readonly string[]).includes(name)));
  return Object.fromEntries(LAYER_KEYS.map((key) => [key, named.has(key)])) as LayerVisibility;
}

// A UTC minute, as ISO 8601 writes it: readable in the address bar, and the same minute in every time zone.
const MINUTE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})Z$/;

/** `2026-11-24T03:12Z` → the minute's start, epoch ms; null when it is not one (seconds are not a minute). */
export function readMinute(value: string | null): number | null {
  const match = value === null ? null : MINUTE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls 2026-02-30 over into March: only a real date and time is read.
  return new Date(time).toISOString().slice(0, 16) === value!.slice(0, 16) ? time : null;
}

/** The minute (epoch ms, any instant in it) as the address writes it: `2026-11-24T03:12Z`. */
export function writeMinute(time: number): string {
  return `${new Date(time).toISOString().slice(0, 16)}Z`;
}

/** What the fragment says; anything unreadable is left at its default. */
export function readAddress(hash: string): AddressState {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    view: viewOf(fragment.get('view')),
    layers: layersOf(fragment.get('layers')),
    filter: readFilter(fragment.get('filter')),
    at: readMinute(fragment.get('at')),
  };
}

/** The fragment for a state (centre to 5 decimals, about a metre; zoom to 2; the playback minute when not live). */
export function writeAddress(state: { view: InitialView; layers: LayerVisibility; filter?: ViewFilter; at?: number | null }): string {
  const fragment = new URLSearchParams();
  const [lon, lat] = state.view.center;
  fragment.set('view', `${lon.toFixed(5)},${lat.toFixed(5)},${state.view.zoom.toFixed(2)}`);
  const shown = LAYER_KEYS.filter((key) => state.layers[key]);
  if (shown.length !== LAYER_KEYS.length) fragment.set('layers', shown.join(','));
  const filter = state.filter && writeFilter(state.filter);
  if (filter) fragment.set('filter', filter);
  if (state.at !== undefined && state.at !== null) fragment.set('at', writeMinute(state.at));
  // Commas kept readable in the address bar.
  return `#${fragment.toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%3B/g, ';')}`;
}

/**
 * The fragment to open: the address's own when it names anything besides the token (a link, a reload), else the one
 * remembered from the last session on this origin (the desktop app opens `#token=…` alone at each launch).
 */
export function addressToOpen(hash: string, remembered: string | null): string {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  fragment.delete('token');
  return fragment.toString() !== '' ? hash : (remembered ?? '');
}
