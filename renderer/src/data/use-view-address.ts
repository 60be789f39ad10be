// Keeps the address in step with the view (centre, zoom, layers) without adding history entries, so a reload or a
// copied link reopens it.
import { useEffect } from 'react';
import { writeAddress } from '../boot/view-address';
import type { LayerVisibility } from '../map/layer-catalog';
import type { MapViewport } from '../map/map-controller';

export function useViewAddress(viewport: MapViewport | null, layers: LayerVisibility): void {
  useEffect(() => {
    if (!viewport) return;
    const fragment = writeAddress({ view: { center: viewport.center, zoom: viewport.zoom }, layers });
    if (fragment !== window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${fragment}`);
  }, [viewport, layers]);
}
