// Calls the latest `callback` every `delayMs` (null: not running). The timer restarts only when the
// delay changes, not when the callback does: it reads the state of the render it was last given in.
import { useEffect, useEffectEvent } from 'react';

export function useInterval(callback: () => void, delayMs: number | null): void {
  const tick = useEffectEvent(callback);
  useEffect(() => {
    if (delayMs === null) return;
    const timer = window.setInterval(() => tick(), delayMs);
    return () => window.clearInterval(timer);
  }, [delayMs]);
}
