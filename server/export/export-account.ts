// What an export file is of, written into the file itself so that it still says so when it has travelled without the
// app: when it was made, the instant its rows are as of (a playback minute, or the moment of export), the fires'
// window, the view, the filters and each layer's row count (and whether a cap cut it). GeoJSON carries it as a
// foreign member `vantage` (RFC 7946 §6.1), KML as its Document's description; CSV has no place for it, so its file
// name says the instant.
import type { FireFilter } from '../fires/fire-filter.js';
import type { Bbox } from '../http/query-params.js';
import type { ExportLayer } from './export-rows.js';
import type { ExportLayerName } from './export-schemas.js';

export interface ExportAccount {
  /** When the file was made (ISO 8601, UTC). */
  exportedAt: string;
  /** The instant the rows are as of: a playback minute's end, or the moment of export. */
  asOf: string;
  /** The rows are of a playback minute, not of now. */
  playback: boolean;
  /** The window of the fire detections and the events: from `since`, before `until` (null: up to `asOf`). */
  fires: { since: string; until: string | null };
  /** The map's view [west, south, east, north]; null: the whole world. */
  bbox: Bbox | null;
  /** The Layers tab's filters as asked; an empty object when none was set. */
  filter: FireFilter;
  /** The name of the geofence the filter names (`filter.geofence` is its id); null without one. */
  geofenceName: string | null;
  /** Aircraft only when identified as firefighting. */
  firefightingOnly: boolean;
  layers: Array<{ name: ExportLayerName; rows: number; truncated: boolean }>;
}

export interface ExportAccountInput {
  now: Date;
  /** A playback minute's end, when the export is of one. */
  at?: Date;
  since: Date;
  until?: Date;
  bbox?: Bbox;
  filter: FireFilter;
  geofenceName?: string | null;
  firefightingOnly: boolean;
  layers: readonly ExportLayer[];
}

export function exportAccount(input: ExportAccountInput): ExportAccount {
  const filter = Object.fromEntries(Object.entries(input.filter).filter(([, value]) => value !== undefined)) as FireFilter;
  return {
    exportedAt: input.now.toISOString(),
    asOf: (input.at ?? input.now).toISOString(),
    playback: input.at !== undefined,
    fires: { since: input.since.toISOString(), until: input.until?.toISOString() ?? null },
    bbox: input.bbox ?? null,
    filter,
    geofenceName: filter.geofence ? (input.geofenceName ?? null) : null,
    firefightingOnly: input.firefightingOnly,
    layers: input.layers.map((layer) => ({ name: layer.name, rows: layer.rows.length, truncated: layer.truncated })),
  };
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const LAYER_WORDS: Record<ExportLayerName, string> = { fires: 'fire detections', aircraft: 'aircraft', incidents: 'incidents', events: 'stories and events' };

/** What the window is of, in words: the fires', the stories' and events' or both (the fires' when neither is exported). */
function windowSubject(account: ExportAccount): string {
  const names = new Set(account.layers.map((layer) => layer.name));
  if (names.has('events')) return names.has('fires') ? 'Fires, stories and events of' : 'Stories and events of';
  return 'Fires detected';
}

/** The account in a few lines of words (KML's description: what Google Earth shows when the document is opened). */
export function exportAccountWords(account: ExportAccount): string {
  const { filter } = account;
  // The fires' own conditions narrow the fires alone: said only when the file holds them.
  const fires = account.layers.some((layer) => layer.name === 'fires');
  const filters = [
    fires && filter.confidence && `confidence ${filter.confidence.join(', ')}`,
    fires && filter.minFrp !== undefined && `FRP ≥ ${filter.minFrp} MW`,
    fires && filter.satellites && `satellites ${filter.satellites.join(', ')}`,
    fires && filter.dayNight && `${filter.dayNight} detections only`,
    filter.geofence && (account.geofenceName ? `inside geofence “${account.geofenceName}” (id ${filter.geofence})` : `inside geofence ${filter.geofence}`),
    account.firefightingOnly && 'firefighting aircraft only',
  ].filter((part): part is string => typeof part === 'string');
  const view = account.bbox ? `view ${account.bbox.map((value) => Number(value.toFixed(4))).join(', ')} (west, south, east, north)` : 'the whole world';
  const rows = account.layers.map((layer) => `${layer.rows.toLocaleString('en-US')} ${LAYER_WORDS[layer.name]}${layer.truncated ? ' (cut at the cap)' : ''}`);
  return [
    `Exported by Vantage ${utc(account.exportedAt)}${account.playback ? `, of the playback minute ending ${utc(account.asOf)}` : ''}.`,
    `${windowSubject(account)} ${utc(account.fires.since)} – ${account.fires.until ? utc(account.fires.until) : utc(account.asOf)}; ${view}.`,
    `Filters: ${filters.length > 0 ? filters.join('; ') : 'none'}.`,
    `Rows: ${rows.join(', ')}.`,
  ].join('\n');
}

/** Whether the rows are narrowed by a filter of the Layers tab (the file's name says "filtered"). */
export function isFiltered(account: ExportAccount): boolean {
  return Object.keys(account.filter).length > 0 || account.firefightingOnly;
}
