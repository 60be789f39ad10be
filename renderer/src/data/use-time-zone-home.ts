// The map opens where this computer is, as far as its time zone tells (GET /api/time-zone-place: no network, no
// permission asked), when the address names no view. The place is asked for as the workspace opens, beside the map's
// own loading, and the map is made there when the answer comes in time: no world drawn, read and left first. Else it
// opens on the world and flies there once the answer comes, only while the analyst has not moved the map (a search,
// a drag or a zoom since it opened wins). At a first start the gazetteer is still loading: asked again every few
// seconds until it is in.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { TimeZonePlaceAnswer } from '../api/api-types';
import type { MapController } from '../map/map-controller';
import { placesComing } from './use-search';

/** About a region: a few hundred kilometres across, the fires and aircraft around the place. */
export const HOME_ZOOM = 5;
const RETRY_MS = 3_000;
/**
 * How long the map's making waits for the place before it opens on the world. The answer takes tens of milliseconds
 * once the place list is in, while the map's own code loads; the wait is for a busy machine, not for a first start's
 * list (its answer says it is loading, at once).
 */
const OPENING_WAIT_MS = 1_500;
const GIVE_UP_MS = 120_000;

export interface TimeZoneHome {
  /** The zone by its current name ("Asia/Kolkata", not the "Asia/Calcutta" Chromium reports). */
  timeZone: string;
  place: NonNullable<TimeZonePlaceAnswer['place']>;
}

/** Where a time zone's place is (GET /api/time-zone-place); null when the server cannot answer. */
export function readTimeZonePlace(api: ApiClient, timeZone: string, signal?: AbortSignal): Promise<TimeZonePlaceAnswer | null> {
  return api.get<TimeZonePlaceAnswer>('/api/time-zone-place', { timeZone }, signal).catch(() => null);
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

/**
 * This computer's IANA time zone, as the browser reports it; null when it reports none, or one named after no place
 * (UTC, GMT, Etc/GMT+5: servers and CI machines), which is not asked about at all.
 */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.includes('/') && !zone.startsWith('Etc/') ? zone : null;
}

/**
 * `wanted`: the address named no view. `ready`: the first view's data are drawn (the flight waits for it, so the
 * world's first answers are not cut short). The analyst has moved the map when MapLibre saw a gesture of theirs
 * (a drag, a wheel, a key: events with an `originalEvent`) since it was made, or it is no longer where it was when
 * the first answer was asked for (a search's flight). Not compared with the view asked for at opening: MapLibre
 * keeps a world view inside the screen, and on a tall one it is not where it was asked to be.
 */
export interface TimeZoneHomeState {
  /** Where the map opened or flew, once it is there. */
  home: TimeZoneHome | null;
  /** The time zone whose place is waited for while the place list is still loading (a first start), else null. */
  finding: string | null;
}

export interface OpeningView {
  center: [number, number];
  zoom: number;
}

/** The place asked for as the workspace opened, and whether the map was made there. */
interface EarlyAsk {
  timeZone: string;
  answer: Promise<TimeZonePlaceAnswer | null>;
  /** For `MapView`: the place's view when answered within OPENING_WAIT_MS; null: the world. */
  view: Promise<OpeningView | null>;
  /** Set as `view` settles, before the map is made: the place the map opened on. */
  openedOn: TimeZoneHome['place'] | null;
  /** The zone's current name, as the answer gives it (the one asked until then). */
  zoneName: string;
}

function askEarly(api: ApiClient, timeZone: string): EarlyAsk {
  const answer = readTimeZonePlace(api, timeZone);
  const late = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), OPENING_WAIT_MS));
  const ask: EarlyAsk = { timeZone, answer, view: Promise.resolve(null), openedOn: null, zoneName: timeZone };
  ask.view = Promise.race([answer.then((got) => (got?.place ? { place: got.place, zoneName: got.zoneName } : null)), late]).then((got) => {
    const place = got?.place ?? null;
    ask.openedOn = place;
    if (got) ask.zoneName = got.zoneName;
    return place ? { center: [place.longitude, place.latitude], zoom: HOME_ZOOM } : null;
  });
  return ask;
}

export function useTimeZoneHome(api: ApiClient, controller: MapController | null, wanted: boolean, ready: boolean): TimeZoneHomeState & { opening: Promise<OpeningView | null> | null } {
  const [early] = useState(() => {
    const timeZone = wanted ? browserTimeZone() : null;
    return timeZone ? askEarly(api, timeZone) : null;
  });
  const [home, setHome] = useState<TimeZoneHome | null>(null);
  const [finding, setFinding] = useState<string | null>(null);
  const gestured = useRef(false);
  useEffect(() => {
    if (!wanted || !controller) return;
    const onMoveStart = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) gestured.current = true;
    };
    controller.map.on('movestart', onMoveStart);
    return () => void controller.map.off('movestart', onMoveStart);
  }, [controller, wanted]);
  useEffect(() => {
    if (!wanted || !ready || !controller || !early) return;
    const { timeZone } = early;
    const map = controller.map;
    // Made there: said once it is drawn, unless the analyst has taken the map elsewhere meanwhile (a drag, a search).
    if (early.openedOn) {
      const place = early.openedOn;
      const center = map.getCenter();
      const there = Math.abs(center.lng - place.longitude) < 0.01 && Math.abs(center.lat - place.latitude) < 0.01;
      if (there && !gestured.current) setHome({ timeZone: early.zoneName, place });
      return;
    }
    const at = { center: map.getCenter(), zoom: map.getZoom() };
    // A hundred-thousandth of a degree and a thousandth of a zoom level from where it was: not moved.
    const moved = () => {
      const center = map.getCenter();
      return gestured.current || Math.abs(center.lng - at.center.lng) > 1e-5 || Math.abs(center.lat - at.center.lat) > 1e-5 || Math.abs(map.getZoom() - at.zoom) > 1e-3;
    };
    const abort = new AbortController();
    const started = Date.now();
    void (async () => {
      // The first answer is the one asked for at opening (it came too late, or said the list is loading).
      let asking = early.answer;
      while (!abort.signal.aborted && Date.now() - started < GIVE_UP_MS) {
        const answer = await asking;
        if (abort.signal.aborted || moved()) return;
        if (answer?.place) {
          const place = answer.place;
          // Said once the map is there, not over the world it is leaving ("Opened on Los Angeles" sat over Europe for
          // the fly's second); a fly the analyst cut short is not said at all.
          map.once('moveend', () => !abort.signal.aborted && !gestured.current && setHome({ timeZone: answer.zoneName, place }));
          controller.flyTo({ center: [place.longitude, place.latitude], zoom: HOME_ZOOM });
          return;
        }
        // Nothing to look for (a zone named after no place, no gazetteer), or no answer: the world view stays.
        if (!answer || !placesComing(answer)) return;
        // A world view for half a minute, said: it is waiting for the place list, not lost.
        setFinding(answer.zoneName);
        await pause(RETRY_MS, abort.signal);
        asking = readTimeZonePlace(api, timeZone, abort.signal);
      }
    })().finally(() => setFinding(null));
    return () => abort.abort();
  }, [api, controller, wanted, ready, early]);
  return { home, finding, opening: early?.view ?? null };
}
