// Which sources have just succeeded again, read from health (polled, and ticked by the live socket): a source's
// first run after start fills its layer at once instead of at the next periodic re-read (news waits 5 minutes).
// A success seen while the map is still loading its first view is kept until it is ready: the first load may
// have been read before that run stored anything (seen on a loaded machine: fires ingested during the load
// stayed off the map).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PipelineFreshness } from '../api/api-types.js';

// Health's clock and the page's may differ a little; a re-read too many is harmless, one too few is not.
const CLOCK_SLACK_MS = 5_000;

/**
 * The pipelines whose last success moved on: since the latest seen, or on the first report, since the page opened
 * (`openedAtMs`). A report older than one seen before (a poll answered after a newer live tick) moves nothing back.
 */
export function movedPipelines(
  previous: ReadonlyMap<string, string | null> | null,
  current: ReadonlyMap<string, string | null>,
  openedAtMs: number,
): string[] {
  return [...current]
    .filter(([name, at]) => {
      if (at === null) return false;
      const before = previous?.get(name);
      if (before) return Date.parse(at) > Date.parse(before);
      if (previous) return true;
      return Date.parse(at) > openedAtMs - CLOCK_SLACK_MS;
    })
    .map(([name]) => name);
}

/** The latest last success of each pipeline, of those seen and of a new report. */
export function latestSuccesses(seen: ReadonlyMap<string, string | null> | null, current: ReadonlyMap<string, string | null>): Map<string, string | null> {
  const latest = new Map(seen ?? []);
  for (const [name, at] of current) {
    const before = latest.get(name);
    if (at !== null && (!before || Date.parse(at) > Date.parse(before))) latest.set(name, at);
    else if (!latest.has(name)) latest.set(name, at);
  }
  return latest;
}

/** Calls `onUpdate` with the pipelines whose last success moved, once `ready` (those seen before are kept). */
export function useSourceUpdates(pipelines: Record<string, PipelineFreshness>, ready: boolean, onUpdate: (names: string[]) => void): void {
  const [openedAtMs] = useState(() => Date.now());
  const seen = useRef<Map<string, string | null> | null>(null);
  const pending = useRef(new Set<string>());
  const notify = useEffectEvent(onUpdate);
  useEffect(() => {
    const current = new Map(Object.entries(pipelines).map(([name, pipeline]) => [name, pipeline.lastSuccessAt]));
    for (const name of movedPipelines(seen.current, current, openedAtMs)) pending.current.add(name);
    seen.current = latestSuccesses(seen.current, current);
    if (!ready || pending.current.size === 0) return;
    const names = [...pending.current];
    pending.current.clear();
    notify(names);
  }, [pipelines, ready, openedAtMs]);
}
