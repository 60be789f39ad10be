// Zoomed in past the place list's detail on the shipped offline basemap, the map is land, sea, borders and place
// names, no streets: a street-level view looked like a blank, broken map. Says so, and where streets come from,
// until closed (for this window).
import { useState } from 'react';
import type { MapController, MapViewport } from '../map/map-controller';
import { OFFLINE_DETAIL_ENDS_ZOOM } from '../map/offline-detail';

export function OfflineDetailNote({ controller, viewport }: { controller: MapController | null; viewport: MapViewport | null }) {
  const [closed, setClosed] = useState(false);
  if (closed || !controller || !viewport || viewport.zoom < OFFLINE_DETAIL_ENDS_ZOOM || !controller.offlineBasemap) return null;
  return (
    <p className="home-note" role="status" data-testid="offline-detail-note">
      <span>
        The offline map has coasts, borders, places and airports, but no streets or terrain. For those, set an online map style in the Sources tab (Map style).
      </span>
      <button type="button" aria-label="Close" onClick={() => setClosed(true)}>
        ×
      </button>
    </p>
  );
}
