// After a change that took away the focused control (a panel folded, a tab switched, a button disabled while it
// works), the focus falls to the page itself: a keyboard user starts again from the top, a screen reader loses its
// place. Then it goes to `target`: the control that stands for the one taken away.
import { useEffect, useRef } from 'react';

/** Whether the focus is on nothing in particular (the page itself). */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** After each change of `change` (not on the first render), focuses `target()` if the focus was lost. */
export function useFocusIfLost(change: unknown, target: () => HTMLElement | null | undefined): void {
  // The value seen last, not a first-run flag: React's strict mode runs a new effect twice.
  const seen = useRef(change);
  useEffect(() => {
    if (Object.is(seen.current, change)) return;
    seen.current = change;
    // Where it is, without scrolling: the panel may have been scrolled while a button worked.
    if (focusLost()) target()?.focus({ preventScroll: true });
    // Only the change asks; `target` is read when it comes.
  }, [change]);
}
