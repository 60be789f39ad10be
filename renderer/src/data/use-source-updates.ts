// Which sources have just succeeded again, read from health (polled, and ticked by the live socket): a source's
// first run after start fills its layer at once instead of at the next periodic re-read (news waits 5 minutes).
import { useEffect, useEffectEvent, useRef } from 'react';
import type { PipelineFreshness } from '../api/api-types';

/** Calls `onUpdate` with the pipelines whose last success moved since the previous report (never on the first). */
export function useSourceUpdates(pipelines: Record<string, PipelineFreshness>, onUpdate: (names: string[]) => void): void {
  const seen = useRef<Map<string, string | null> | null>(null);
  const notify = useEffectEvent(onUpdate);
  useEffect(() => {
    const previous = seen.current;
    const current = new Map(Object.entries(pipelines).map(([name, pipeline]) => [name, pipeline.lastSuccessAt]));
    seen.current = current;
    if (!previous) return;
    const moved = [...current].filter(([name, at]) => at !== null && at !== previous.get(name)).map(([name]) => name);
    if (moved.length > 0) notify(moved);
  }, [pipelines]);
}
