// The analyst's layers: what each is called on screen and which MapLibre style layers draw it.
export const LAYER_KEYS = ['fires', 'incidents', 'aircraft', 'events', 'geofences', 'alerts', 'cameras'] as const;
export type LayerKey = (typeof LAYER_KEYS)[number];

export interface LayerInfo {
  label: string;
  /** Style layer ids toggled together. */
  styleLayers: string[];
  /** Layers a click on which opens a popup. */
  clickable: string[];
}

export const LAYERS: Record<LayerKey, LayerInfo> = {
  fires: { label: 'Fires', styleLayers: ['fires-tiles', 'fires-points', 'fires-live'], clickable: ['fires-tiles', 'fires-points', 'fires-live'] },
  incidents: { label: 'Incidents', styleLayers: ['incidents-quiet', 'incidents'], clickable: ['incidents-quiet', 'incidents'] },
  aircraft: { label: 'Aircraft', styleLayers: ['correlation-lines', 'aircraft-trails', 'aircraft'], clickable: ['aircraft'] },
  events: { label: 'News & events', styleLayers: ['events'], clickable: ['events'] },
  geofences: { label: 'Geofences', styleLayers: ['geofences-fill', 'geofences-line'], clickable: ['geofences-fill'] },
  alerts: { label: 'Alerts', styleLayers: ['alerts'], clickable: ['alerts'] },
  cameras: { label: 'Cameras', styleLayers: ['cameras'], clickable: ['cameras'] },
};

/** Below this zoom fires come as vector tiles; from it on as points from /api/fires (full fields). */
export const FIRE_POINTS_MIN_ZOOM = 6;

export type LayerCounts = Record<LayerKey, number | null>;
export type LayerVisibility = Record<LayerKey, boolean>;

export function initialVisibility(): LayerVisibility {
  return Object.fromEntries(LAYER_KEYS.map((key) => [key, true])) as LayerVisibility;
}

export function emptyCounts(): LayerCounts {
  return Object.fromEntries(LAYER_KEYS.map((key) => [key, null])) as LayerCounts;
}
