// Named performance marks along the way to ready, so a slow start can be read in the bench or DevTools.
export type BootMark = 'access-checked' | 'map-created' | 'map-loaded' | 'data-loaded' | 'ready';

/**
 * Marks of one name kept at most. `data-loaded` comes with every view read (each pan, each refresh, each source's
 * new data), and the browser keeps every mark until cleared: a map left open for a month held tens of thousands.
 */
export const MARKS_KEPT = 1_000;

const made = new Map<string, number>();

export function markBoot(name: BootMark): void {
  const mark = `vantage:${name}`;
  const count = made.get(mark) ?? 0;
  if (count >= MARKS_KEPT) {
    performance.clearMarks(mark);
    made.set(mark, 1);
  } else made.set(mark, count + 1);
  performance.mark(mark);
}
