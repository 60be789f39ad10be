// How long the map fades its labels in and out as they are placed: MapLibre's 300 ms, or none when the analyst's
// system asks for reduced motion (the browser's prefers-reduced-motion). MapLibre itself then jumps where the app
// would fly or ease (no camera move of the app is marked `essential`); without the fade the labels also appear at once,
// and the map stops redrawing as soon as they are placed instead of drawing a fade's frames after every pan and every
// data change. Read once, when the map is made: MapLibre takes the fade only then.
const MAPLIBRE_LABEL_FADE_MS = 300;

export function labelFadeMs(): number {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : MAPLIBRE_LABEL_FADE_MS;
}
