// What each drawn symbol means, per layer, in the colours and sizes the style draws them with (overlay-layers.ts).
import { LAYERS, type LayerKey } from './layer-catalog.js';
import { NEWS_SQUARE_SIDE, PALETTE, PAST_FIRE_OPACITY, QUIET_INCIDENT_OPACITY } from './map-palette.js';
import type { ConfidenceLevel } from '../data/view-filter.js';

export type LegendSymbol =
  /** `opacity` below 1 for one drawn faded. */
  | { shape: 'dot'; color: string; size: number; opacity?: number }
  /** Dots growing in size: a quantity drawn as size. */
  | { shape: 'sizes'; color: string; sizes: number[] }
  | { shape: 'ring'; color: string; size: number }
  /** The news story's square (event-icons.ts). */
  | { shape: 'square'; color: string; size: number }
  /** The incident marker (incident-icon.ts); `opacity` below 1 for one drawn faded. */
  | { shape: 'diamond'; color: string; size: number; opacity?: number }
  | { shape: 'line'; color: string; dashed: boolean }
  | { shape: 'area'; color: string }
  | { shape: 'plane'; color: string };

export interface LegendEntry {
  symbol: LegendSymbol | null;
  text: string;
  /** What a click on it does: said on the screen's legend, left out of a picture's. */
  hint?: string;
  /**
   * Left out of a picture's legend: `screen`, a mark of this session on screen (the white ring of a fire that arrived
   * since the page opened); `playback`, one drawn only in playback, when the picture is of now.
   */
  only?: 'screen' | 'playback';
  /** Left out while the filter hides what it stands for: a confidence level not chosen, the aircraft that do not fight fires. */
  shows?: { confidence: ConfidenceLevel } | { firefighting: false };
}

/** What the filter leaves on the map, as far as the legend is concerned. */
export interface LegendNarrowing {
  /** Empty: every level. */
  confidence: readonly ConfidenceLevel[];
  firefightingOnly: boolean;
}

const NO_NARROWING: LegendNarrowing = { confidence: [], firefightingOnly: false };

function drawnUnder(entry: LegendEntry, narrowing: LegendNarrowing): boolean {
  if (!entry.shows) return true;
  if ('confidence' in entry.shows) return narrowing.confidence.length === 0 || narrowing.confidence.includes(entry.shows.confidence);
  return !narrowing.firefightingOnly;
}

const LEGEND: Record<LayerKey, LegendEntry[]> = {
  fires: [
    { symbol: { shape: 'dot', color: PALETTE.fireHigh, size: 10 }, text: 'High confidence (VIIRS high, MODIS ≥ 80 %)', shows: { confidence: 'high' } },
    { symbol: { shape: 'dot', color: PALETTE.fireNominal, size: 10 }, text: 'Nominal confidence', shows: { confidence: 'nominal' } },
    { symbol: { shape: 'dot', color: PALETTE.fireLow, size: 10 }, text: 'Low confidence (VIIRS low, MODIS < 30 %)', shows: { confidence: 'low' } },
    { symbol: { shape: 'sizes', color: PALETTE.fireNominal, sizes: [3, 6, 10] }, text: 'Size: fire radiative power, from 0 to 500 MW and more' },
    { symbol: { shape: 'ring', color: PALETTE.fireNew, size: 10 }, text: 'White ring: arrived live since the map was opened', only: 'screen' },
    { symbol: { shape: 'area', color: PALETTE.playbackCell }, text: 'In playback: detections per 1° cell in the hour up to the chosen minute', only: 'playback' },
    { symbol: { shape: 'dot', color: PALETTE.fireNominal, size: 10, opacity: PAST_FIRE_OPACITY }, text: 'In playback: faded, detected before that hour', only: 'playback' },
    { symbol: null, text: 'Satellites: Suomi NPP (N), NOAA-20 (N20), NOAA-21 (N21) carry VIIRS; Terra and Aqua carry MODIS' },
  ],
  incidents: [
    { symbol: { shape: 'diamond', color: PALETTE.incident, size: 14 }, text: 'Wildfire incident; larger for more acres burned' },
    { symbol: { shape: 'diamond', color: PALETTE.incident, size: 12, opacity: QUIET_INCIDENT_OPACITY }, text: 'Faded: a prescribed burn, 100 % contained, or discovered over 30 days ago' },
  ],
  aircraft: [
    { symbol: { shape: 'plane', color: PALETTE.aircraftFirefighting }, text: 'Firefighting aircraft (by type, operator or registration)' },
    { symbol: { shape: 'plane', color: PALETTE.aircraft }, text: 'Other aircraft', shows: { firefighting: false } },
    { symbol: { shape: 'line', color: PALETTE.aircraftFirefighting, dashed: false }, text: 'Trail: where a firefighting aircraft flew in the last 30 minutes' },
    // Pale and thin on a map without roads, but long and straight: said, or read as a road or a railway.
    { symbol: { shape: 'line', color: PALETTE.aircraft, dashed: false }, text: 'Trail of another aircraft (last 30 minutes), not a road', shows: { firefighting: false } },
    { symbol: { shape: 'line', color: PALETTE.correlation, dashed: true }, text: 'Firefighting aircraft to its nearest fire or incident within 20 miles' },
  ],
  events: [
    { symbol: { shape: 'square', color: PALETTE.news, size: NEWS_SQUARE_SIDE }, text: 'News story, at the place it is about', hint: 'click for the story' },
    { symbol: { shape: 'dot', color: PALETTE.event, size: 7 }, text: 'Other event of the time window: a camera found, an alert, an aircraft or incident report' },
  ],
  geofences: [{ symbol: { shape: 'area', color: PALETTE.geofence }, text: 'Geofence: an area you watch' }],
  alerts: [{ symbol: { shape: 'ring', color: PALETTE.alert, size: 12 }, text: 'Alert: something new inside a geofence' }],
  cameras: [{ symbol: { shape: 'dot', color: PALETTE.camera, size: 8 }, text: 'Public camera', hint: 'click for its snapshot' }],
};

/**
 * A layer's legend. The alerts drawn are those of the map's window (the brief column's, "last 24 h", "chosen 30 h",
 * "24 h to 21:33 UTC" in playback): their entry says which.
 */
export function legendEntries(key: LayerKey, alertsWindow: string, narrowing: LegendNarrowing = NO_NARROWING): LegendEntry[] {
  const entries = LEGEND[key].filter((entry) => drawnUnder(entry, narrowing));
  if (key !== 'alerts') return entries;
  return entries.map((entry) => ({ ...entry, text: `${entry.text} (${alertsWindow})` }));
}

/** A picture's legend of a layer: without the marks of this session on screen, and the playback ones only in playback. */
export function pictureLegendEntries(key: LayerKey, alertsWindow: string, playback: boolean, narrowing: LegendNarrowing = NO_NARROWING): LegendEntry[] {
  return legendEntries(key, alertsWindow, narrowing).filter((entry) => entry.only === undefined || (entry.only === 'playback' && playback));
}

/**
 * The picture's legend: a section for each shown layer that draws something in the picture (`drawn`), in the order
 * given; a layer switched on with nothing in view (no cameras, no alerts there) is not in it. With none drawn, one
 * line says so.
 */
export function pictureLegend(
  shown: readonly LayerKey[],
  drawn: (key: LayerKey) => boolean,
  alertsWindow: string,
  playback: boolean,
  narrowing: LegendNarrowing = NO_NARROWING,
): Array<{ title: string; entries: LegendEntry[] }> {
  const sections = shown.filter(drawn).map((key) => ({ title: LAYERS[key].label, entries: pictureLegendEntries(key, alertsWindow, playback, narrowing) }));
  if (sections.length > 0) return sections;
  return [{ title: 'Legend', entries: [{ symbol: null, text: 'None of the layers shown draws anything in this view.' }] }];
}
