// Positions as an analyst reads them: decimal degrees (lat, lon — the order people type and search takes)
// and degrees-minutes-seconds with the hemisphere letter.

/** Wraps a longitude that went round the world (world copies) back into -180..180. */
export function wrapLongitude(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

/** "38.58000, -121.49000" (5 places: about a metre). */
export function formatDecimal(lat: number, lon: number, places = 5): string {
  return `${lat.toFixed(places)}, ${wrapLongitude(lon).toFixed(places)}`;
}

function dms(value: number, positive: string, negative: string): string {
  const hemisphere = value < 0 ? negative : positive;
  // Whole seconds, carried up so 59.6" never prints as 60".
  const totalSeconds = Math.round(Math.abs(value) * 3600);
  const degrees = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${degrees}°${String(minutes).padStart(2, '0')}′${String(seconds).padStart(2, '0')}″${hemisphere}`;
}

/** "38°34′48″N 121°29′24″W". */
export function formatDms(lat: number, lon: number): string {
  return `${dms(lat, 'N', 'S')} ${dms(wrapLongitude(lon), 'E', 'W')}`;
}
