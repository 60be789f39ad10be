// Named performance marks along the way to ready, so a slow start can be read in the bench or DevTools.
export type BootMark = 'access-checked' | 'map-created' | 'map-loaded' | 'data-loaded' | 'ready';

export function markBoot(name: BootMark): void {
  performance.mark(`vantage:${name}`);
}
