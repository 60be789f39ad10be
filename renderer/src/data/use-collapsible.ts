// A panel the analyst can fold away to see the map: a button and a key (not while typing), remembered across reloads.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { singleKeyShortcut } from './single-key-shortcuts';

/** The fold remembered for the panel; `narrowFold` (a first use, nothing remembered) when there is none. */
function remembered(key: string, narrowFold: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(`vantage.collapsed.${key}`);
    return stored === null ? narrowFold : stored === '1';
  } catch {
    return narrowFold;
  }
}

export interface Folding {
  collapsed: boolean;
  toggle: () => void;
  fold: () => void;
  unfold: () => void;
}

/**
 * `shortcut`: the key that folds and unfolds it (null: none). `foldBelowWidth`: a first use in a window narrower than
 * this starts folded (the brief beside the panel left the map 345 px wide at 1024 px, and about 120 at 800; Infinity:
 * always); the analyst's own fold is remembered from then on.
 */
export function useCollapsible(key: string, shortcut: string | null, foldBelowWidth = 0): Folding {
  const [collapsed, setCollapsed] = useState(() => remembered(key, window.innerWidth < foldBelowWidth));
  const toggle = useCallback(() => setCollapsed((value) => !value), []);
  const fold = useCallback(() => setCollapsed(true), []);
  const unfold = useCallback(() => setCollapsed(false), []);

  // Kept before the fold is painted: a reload right after it (a panel folded by opening the other) finds it.
  useLayoutEffect(() => {
    try {
      window.localStorage.setItem(`vantage.collapsed.${key}`, collapsed ? '1' : '0');
    } catch {
      // Not remembered; the panel still folds.
    }
  }, [key, collapsed]);

  useEffect(() => {
    if (shortcut === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== shortcut || !singleKeyShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut, toggle]);

  return { collapsed, toggle, fold, unfold };
}
