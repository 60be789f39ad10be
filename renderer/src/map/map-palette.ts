// Restrained colours on a dark map: fire warm, aircraft cool, alerts the one loud red. Incidents magenta: in the
// fires' own orange (#e0603f) hundreds of them over Los Angeles read as one mass of fire detections.
export const PALETTE = {
  water: '#0b1118',
  land: '#18212b',
  border: '#33414f',
  coast: '#3d4d5c',
  fireHigh: '#ff5a36',
  fireNominal: '#ff9f43',
  fireLow: '#f7d37a',
  fireNew: '#ffffff',
  incident: '#e879f9',
  aircraft: '#8fb8de',
  aircraftFirefighting: '#4fd1c5',
  correlation: '#4fd1c5',
  event: '#b8c4d0',
  // News stories: a green no other mark uses, beside the towns' grey and white dots they sit on.
  news: '#68d391',
  geofence: '#9f7aea',
  alert: '#ff3b5c',
  camera: '#63b3ed',
  playbackCell: '#ff9f43',
  draft: '#f6e05e',
} as const;

/** Fire detections' opacity as tiles (zoom under 6) and as points; in playback, older than the cursor's hour. */
export const FIRE_TILE_OPACITY = 0.85;
export const FIRE_POINT_OPACITY = 0.9;
export const PAST_FIRE_OPACITY = 0.3;

/** A quiet incident (incident-quiet.ts) is drawn at this opacity, on the map and in the legend. */
export const QUIET_INCIDENT_OPACITY = 0.45;

/** A news story's square on the map (event-icons.ts), in the legend and in a picture's legend: its side in CSS pixels. */
export const NEWS_SQUARE_SIDE = 9;
