// Keeps the address in step with the view (centre, zoom, layers, filters, the playback minute) without adding history
// entries, so a reload or a copied link reopens it; and remembers it, live, for the next session on this origin, which
// opens there when its address names no view (main.tsx).
import { useEffect, useRef } from 'react';
import { writeAddress } from '../boot/view-address';
import type { LayerVisibility } from '../map/layer-catalog';
import type { MapViewport } from '../map/map-controller';
import type { ViewFilter } from './view-filter';

// A dragged or playing cursor changes the minute many times a second; Chromium ignores a page's history updates beyond
// about 200 in ten seconds. The latest state is written at most this often.
const MIN_WRITE_INTERVAL_MS = 400;

const REMEMBERED_ADDRESS = 'vantage.lastAddress';

/** The address the last session on this origin was left at (no playback minute), or null. */
export function rememberedAddress(): string | null {
  try {
    return window.localStorage.getItem(REMEMBERED_ADDRESS);
  } catch {
    return null;
  }
}

function rememberAddress(fragment: string): void {
  try {
    window.localStorage.setItem(REMEMBERED_ADDRESS, fragment);
  } catch {
    // Not remembered: the next session opens where the address or the time zone says.
  }
}

/** `playbackMinute`: the playback cursor's minute (epoch ms), null while live. */
export function useViewAddress(viewport: MapViewport | null, layers: LayerVisibility, filter: ViewFilter, playbackMinute: number | null): void {
  const lastWrite = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (!viewport) return;
    const view = { center: viewport.center, zoom: viewport.zoom };
    const fragment = writeAddress({ view, layers, filter, at: playbackMinute });
    const write = () => {
      lastWrite.current = performance.now();
      if (fragment !== window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${fragment}`);
      rememberAddress(writeAddress({ view, layers, filter }));
    };
    const wait = lastWrite.current + MIN_WRITE_INTERVAL_MS - performance.now();
    if (wait <= 0) return write();
    const timer = window.setTimeout(write, wait);
    return () => window.clearTimeout(timer);
  }, [viewport, layers, filter, playbackMinute]);
}
