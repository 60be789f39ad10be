// Keeps the address in step with the view (centre, zoom, layers, filters) without adding history entries, so a reload or a
// copied link reopens it.
import { useEffect } from 'react';
import { writeAddress } from '../boot/view-address';
import type { LayerVisibility } from '../map/layer-catalog';
import type { MapViewport } from '../map/map-controller';
import type { ViewFilter } from './view-filter';

export function useViewAddress(viewport: MapViewport | null, layers: LayerVisibility, filter: ViewFilter): void {
  useEffect(() => {
    if (!viewport) return;
    const fragment = writeAddress({ view: { center: viewport.center, zoom: viewport.zoom }, layers, filter });
    if (fragment !== window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${fragment}`);
  }, [viewport, layers, filter]);
}
