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
 * The pipelines whose last success moved: since the previous report, or on the first report, since the page
 * opened (`openedAtMs`).
 */
export function movedPipelines(
  previous: ReadonlyMap<string, string | null> | null,
  current: ReadonlyMap<string, string | null>,
  openedAtMs: number,
): string[] {
  return [...current]
    .filter(([name, at]) => {
      if (at === null) return false;
      if (previous) return at !== previous.get(name);
      return Date.parse(at) > openedAtMs - CLOCK_SLACK_MS;
    })
    .map(([name]) => name);
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
    seen.current = current;
    if (!ready || pending.current.size === 0) return;
    const names = [...pending.current];
    pending.current.clear();
    notify(names);
  }, [pipelines, ready, openedAtMs]);
}
