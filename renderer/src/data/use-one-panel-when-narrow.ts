// In a narrow window the brief and the side panel take turns: opening one folds the other, so the map keeps its room
// (both open at 1024 px left it about 340 px wide, the search box cut to "Search place, 38.5"). Only an opening done
// now counts: panels both remembered open, then the window narrowed, stay as they were until the analyst opens one.
import { useEffect, useRef } from 'react';
import type { Folding } from './use-collapsible';

export function useOnePanelWhenNarrow(brief: Folding, panels: Folding, narrowBelowPx: number): void {
  const was = useRef({ brief: brief.collapsed, panels: panels.collapsed });
  useEffect(() => {
    const opened = { brief: was.current.brief && !brief.collapsed, panels: was.current.panels && !panels.collapsed };
    was.current = { brief: brief.collapsed, panels: panels.collapsed };
    if (window.innerWidth >= narrowBelowPx) return;
    if (opened.brief && !panels.collapsed) panels.fold();
    else if (opened.panels && !brief.collapsed) brief.fold();
  }, [brief, panels, narrowBelowPx]);
}
