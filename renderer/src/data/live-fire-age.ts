// Live fires stay on the map only as long as the fire layers' own window (the last 24 h).
// Pure (`.js` specifiers): unit-tested from Node.
import { MAP_WINDOW_MS } from './time-windows.js';

/** True while a fire acquired at `acqTimeSeconds` (epoch seconds) is within the last 24 h. */
export function isFireRecent(acqTimeSeconds: unknown, now: number): boolean {
  return typeof acqTimeSeconds === 'number' && Number.isFinite(acqTimeSeconds) && acqTimeSeconds * 1000 >= now - MAP_WINDOW_MS;
}

/** The live fire features still inside the window (the same array when none aged out). */
export function withoutAgedFires<T extends { properties: { acqTime?: unknown } | null }>(features: T[], now: number): T[] {
  const kept = features.filter((feature) => isFireRecent(feature.properties?.acqTime, now));
  return kept.length === features.length ? features : kept;
}
