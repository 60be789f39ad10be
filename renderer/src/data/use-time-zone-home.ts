// The map opens where this computer is, as far as its time zone tells (GET /api/time-zone-place: no network, no
// permission asked), when the address names no view; it flies there only while the analyst has not moved the map
// (a search, a drag or a zoom since it opened wins). At a first start the gazetteer is still loading: asked again
// every few seconds until it is in.
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { TimeZonePlaceAnswer } from '../api/api-types';
import type { InitialView } from '../boot/view-address';
import type { MapController } from '../map/map-controller';

/** About a region: a few hundred kilometres across, the fires and aircraft around the place. */
export const HOME_ZOOM = 5;
const RETRY_MS = 3_000;
const GIVE_UP_MS = 120_000;

export interface TimeZoneHome {
  timeZone: string;
  place: NonNullable<TimeZonePlaceAnswer['place']>;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/** This computer's IANA time zone, as the browser reports it (null when it reports none). */
export function browserTimeZone(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
}

/** `opened`: the view the map opened on, with no view in the address (null: the address named one, nothing to do). */
export function useTimeZoneHome(api: ApiClient, controller: MapController | null, opened: InitialView | null): TimeZoneHome | null {
  const [home, setHome] = useState<TimeZoneHome | null>(null);
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (!opened || !controller || !timeZone) return;
    const map = controller.map;
    const [lon, lat] = opened.center;
    // A hundred-thousandth of a degree and a thousandth of a zoom level from where it opened: not moved.
    const moved = () => {
      const center = map.getCenter();
      return Math.abs(center.lng - lon) > 1e-5 || Math.abs(center.lat - lat) > 1e-5 || Math.abs(map.getZoom() - opened.zoom) > 1e-3;
    };
    const abort = new AbortController();
    const started = Date.now();
    void (async () => {
      while (!abort.signal.aborted && Date.now() - started < GIVE_UP_MS) {
        const answer = await api.get<TimeZonePlaceAnswer>('/api/time-zone-place', { timeZone }, abort.signal).catch(() => null);
        if (abort.signal.aborted || moved()) return;
        if (answer?.place) {
          controller.flyTo({ center: [answer.place.longitude, answer.place.latitude], zoom: HOME_ZOOM });
          setHome({ timeZone, place: answer.place });
          return;
        }
        // Nothing to look for (a zone named after no place, no gazetteer), or no answer: the world view stays.
        if (!answer || (answer.gazetteer !== 'pending' && answer.gazetteer !== 'loading')) return;
        await pause(RETRY_MS, abort.signal);
      }
    })();
    return () => abort.abort();
  }, [api, controller, opened]);
  return home;
}
