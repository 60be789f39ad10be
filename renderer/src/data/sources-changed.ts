// "Something the sources' state shows just changed" (a Run now ended, a key or a setting was saved, a camera
// directory's crawl ended): the HUD's health and the Sources tab read again at once instead of at their next 30 s
// poll, so the two never disagree for long.
import { useEffect, useEffectEvent } from 'react';

const EVENT = 'vantage:sources-changed';

export function announceSourcesChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `onChange` whenever a change is announced. */
export function useSourcesChanged(onChange: () => void): void {
  const handle = useEffectEvent(onChange);
  useEffect(() => {
    const listener = () => handle();
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, []);
}
