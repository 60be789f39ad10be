// What the timeline and the map's past cells count: the events of every source per minute and 1° cell
// (/api/playback), and while the Layers filters narrow the fires, the fires they leave (/api/fires/timeline) in place
// of the rollup's, which counts every fire stored; the other sources are counted whole (read-playback-counts.ts reads
// them). Here: the two answers made one.
import type { FireTimeline, PlaybackCell, PlaybackResult } from '../api/api-types.js';

/** The other sources' counts with the filtered fires added: buckets by minute, cells summed. */
export function withFires(others: PlaybackResult, fires: FireTimeline): PlaybackResult {
  const buckets = [...others.buckets, ...fires.buckets.map((bucket) => ({ minute: bucket.minute, source: 'fire' as const, count: bucket.count }))];
  buckets.sort((a, b) => a.minute.localeCompare(b.minute) || a.source.localeCompare(b.source));
  const cells = new Map<number, PlaybackCell>();
  for (const cell of [...others.cells, ...fires.cells]) {
    const known = cells.get(cell.cell);
    cells.set(cell.cell, known ? { ...known, count: known.count + cell.count } : { ...cell });
  }
  return { from: others.from, to: others.to, buckets, cells: [...cells.values()].sort((a, b) => a.cell - b.cell) };
}
