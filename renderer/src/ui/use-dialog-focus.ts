// A dialog that opens over the work (the keyboard shortcuts, a camera's picture): the focus goes into it, so a screen
// reader reads it and Tab moves within reach of its Close; when it closes, the focus goes back where it was.
import { type RefObject, useEffect, useRef } from 'react';
import { focusLost } from './use-focus-if-lost';

/** While `open`, `target` has the focus; after, the element that had it before (or `fallback()` when that is gone). */
export function useDialogFocus(open: boolean, target: RefObject<HTMLElement | null>, fallback: () => HTMLElement | null | undefined): void {
  const before = useRef<Element | null>(null);
  useEffect(() => {
    if (!open) return;
    // Not the dialog's own control, which a second run of the effect (React's strict mode) finds focused.
    if (!target.current?.contains(document.activeElement)) before.current = document.activeElement;
    target.current?.focus();
    return () => {
      // Closed with the focus in it, so lost with it: back. Closed by a click elsewhere: the focus stays there.
      if (!focusLost()) return;
      const back = before.current;
      if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus();
      else fallback()?.focus();
    };
    // Only opening and closing ask.
  }, [open]);
}
