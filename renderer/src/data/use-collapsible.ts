// A panel the analyst can fold away to see the map: a button and a key (not while typing), remembered across reloads.
import { useCallback, useEffect, useState } from 'react';

/** Keys typed into a field are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  return element.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

function remembered(key: string): boolean {
  try {
    return window.localStorage.getItem(`vantage.collapsed.${key}`) === '1';
  } catch {
    return false;
  }
}

export interface Folding {
  collapsed: boolean;
  toggle: () => void;
}

export function useCollapsible(key: string, shortcut: string): Folding {
  const [collapsed, setCollapsed] = useState(() => remembered(key));
  const toggle = useCallback(() => setCollapsed((value) => !value), []);

  useEffect(() => {
    try {
      window.localStorage.setItem(`vantage.collapsed.${key}`, collapsed ? '1' : '0');
    } catch {
      // Not remembered; the panel still folds.
    }
  }, [key, collapsed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== shortcut || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut, toggle]);

  return { collapsed, toggle };
}
