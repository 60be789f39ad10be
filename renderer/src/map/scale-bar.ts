// The scale bar drawn on a picture of the map (the screen's is MapLibre's control, which a copy of the canvas leaves
// out): a round length, 1, 2 or 5 times a power of ten, as long as fits. Pure: unit-tested from Node.

/** Metres one CSS pixel spans at a latitude and zoom (MapLibre's 512-pixel tiles, the equator's circumference). */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}

export interface ScaleBar {
  /** Its length on the picture, CSS pixels. */
  pixels: number;
  /** "50 km", "500 m". */
  label: string;
}

/** The longest round length no longer than `maxPixels` (null when not even a metre fits, or the scale is unknown). */
export function scaleBar(metresPerPixelAt: number, maxPixels: number): ScaleBar | null {
  if (!(metresPerPixelAt > 0) || !(maxPixels > 0)) return null;
  const most = metresPerPixelAt * maxPixels;
  if (most < 1) return null;
  const power = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((step) => step * power).find((length) => length <= most) ?? power;
  return { pixels: metres / metresPerPixelAt, label: metres >= 1000 ? `${(metres / 1000).toLocaleString('en-US')} km` : `${metres} m` };
}
