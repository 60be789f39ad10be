// The map's Home button, at the top of its button column: back to this computer's region as its time zone tells (the
// place a first start flies to), or to the whole world where the zone names no place (UTC) or the place list is not
// in. The first start's flight happened once: after a search or a pan there was no way back but zooming out by hand.
import { useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { WORLD_BOUNDS } from '../boot/view-address';
import { browserTimeZone, HOME_ZOOM, readTimeZonePlace } from '../data/use-time-zone-home';
import type { MapController } from '../map/map-controller';

export function HomeButton({ api, controller }: { api: ApiClient; controller: MapController | null }) {
  const [going, setGoing] = useState(false);
  const goHome = async () => {
    if (!controller || going) return;
    setGoing(true);
    try {
      const timeZone = browserTimeZone();
      const answer = timeZone ? await readTimeZonePlace(api, timeZone) : null;
      const place = answer?.place;
      if (place) controller.flyTo({ center: [place.longitude, place.latitude], zoom: HOME_ZOOM });
      else controller.flyTo({ center: [0, 0], zoom: 1, bbox: WORLD_BOUNDS });
    } finally {
      setGoing(false);
    }
  };
  return (
    <button
      type="button"
      className="map-tool home-button"
      data-testid="home-button"
      aria-label="Home: this computer's region, or the whole world"
      title="Home: back to this computer's region (from its time zone), or to the whole world where it names none"
      aria-busy={going || undefined}
      onClick={() => void goHome()}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M2 7.5 8 2.5l6 5M3.5 6.5v7h3.5v-4h2v4h3.5v-7" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
