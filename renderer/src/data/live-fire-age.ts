// Live fires stay on the map only as long as the fire layers' own window (the filter's; the last 24 h by default).
// Pure (`.js` specifiers): unit-tested from Node.
import { MAP_WINDOW_MS } from './time-windows.js';

/** True while a fire acquired at `acqTimeSeconds` (epoch seconds) is within the window's span before now. */
export function isFireRecent(acqTimeSeconds: unknown, now: number, spanMs: number = MAP_WINDOW_MS): boolean {
  return typeof acqTimeSeconds === 'number' && Number.isFinite(acqTimeSeconds) && acqTimeSeconds * 1000 >= now - spanMs;
}

/** The live fire features still inside the window (the same array when none aged out). */
export function withoutAgedFires<T extends { properties: { acqTime?: unknown } | null }>(features: T[], now: number, spanMs: number = MAP_WINDOW_MS): T[] {
  const kept = features.filter((feature) => isFireRecent(feature.properties?.acqTime, now, spanMs));
  return kept.length === features.length ? features : kept;
}
