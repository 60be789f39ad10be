// How many of a listed layer the map reads at a time (it asks the API for these, its routes' defaults). A view holding
// more is drawn in part: its count is then "at least", and the Layers tab says which part is drawn.
// Pure (`.js` specifiers): unit-tested from Node.
import type { LayerKey } from '../map/layer-catalog.js';

export const LIST_LIMITS = {
  /** The largest by acres burned (GET /api/incidents orders them so). */
  incidents: { atMost: 1_000, drawn: 'largest' },
  /** Those seen last (GET /api/aircraft orders them so). */
  aircraft: { atMost: 2_000, drawn: 'seen last' },
  /** Those their directories listed last (GET /api/cameras orders them so). */
  cameras: { atMost: 1_000, drawn: 'listed last' },
} as const satisfies Partial<Record<LayerKey, { atMost: number; drawn: string }>>;

export type ListedLayer = keyof typeof LIST_LIMITS;

export function isListedLayer(key: LayerKey): key is ListedLayer {
  return Object.hasOwn(LIST_LIMITS, key);
}

/** Whether a list read of this length may have been cut at the layer's limit. */
export function listCut(layer: ListedLayer, length: number): boolean {
  return length >= LIST_LIMITS[layer].atMost;
}

/** A count in words: "1,000+" when its list was cut. */
export function countText(count: number, cut: boolean): string {
  return `${count.toLocaleString()}${cut ? '+' : ''}`;
}

/** What the Layers tab says under a cut layer. */
export function cutNote(layer: ListedLayer): string {
  const { atMost, drawn } = LIST_LIMITS[layer];
  return `More than the map draws at once: the ${atMost.toLocaleString()} ${drawn} are shown. Zoom in to see them all.`;
}
