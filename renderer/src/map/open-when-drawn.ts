// A search result that is an object on the map (an incident, an aircraft, a news story): once the map has flown there and drawn
// it, its popup opens, as a click on it would. Given up when the analyst moves the map, after a time limit, or when
// the object is not drawn (its layer hidden, or gone since the search).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type PickProps, pickedObjects } from './feature-picking';
import { isNewsStory, newsEventUrl } from './news-rows';

export interface MapObjectRef {
  kind: 'incident' | 'aircraft' | 'news';
  /** IRWIN id of an incident, ICAO hex of an aircraft, the story's id of a news story. */
  id: string;
}

/** How long the flight, the layer's read for the new view and the drawing may take. */
const GIVE_UP_MS = 10_000;
/** A story not drawn opens from what the search knew (notDrawn): the analyst is kept waiting less. */
const NEWS_GIVE_UP_MS = 6_000;

function isObject(props: PickProps, object: MapObjectRef): boolean {
  // A story is drawn as its `news` event, whose URL names it.
  if (object.kind === 'news') return isNewsStory(props) && props.url === newsEventUrl(object.id);
  if (props.kind !== object.kind) return false;
  const id = object.kind === 'incident' ? props.irwinId : props.icao24;
  return typeof id === 'string' && id.toLowerCase() === object.id.toLowerCase();
}

/**
 * Opens the object's popup (`open`) at the first idle frame that draws it, after the flight. Returns the cancel; a
 * move the analyst makes (drag, wheel, keys: events with an `originalEvent`) cancels it too.
 */
export function openWhenDrawn(
  map: MapLibreMap,
  layers: () => string[],
  object: MapObjectRef,
  open: (props: PickProps, at: [number, number]) => void,
  /** Called when the time limit passed with the object not drawn (not when the analyst moved the map). */
  notDrawn?: () => void,
): () => void {
  let done = false;
  const tryOpen = () => {
    if (done || map.isMoving()) return;
    const found = pickedObjects(map.queryRenderedFeatures({ layers: layers() })).find((props) => isObject(props, object));
    if (!found || !Array.isArray(found.position)) return;
    cancel();
    open(found, found.position as [number, number]);
  };
  const byAnalyst = (event: { originalEvent?: unknown }) => {
    if (event.originalEvent) cancel();
  };
  const timer = window.setTimeout(() => {
    if (done) return;
    cancel();
    notDrawn?.();
  }, object.kind === 'news' ? NEWS_GIVE_UP_MS : GIVE_UP_MS);
  function cancel(): void {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    map.off('idle', tryOpen);
    map.off('movestart', byAnalyst);
  }
  map.on('idle', tryOpen);
  map.on('movestart', byAnalyst);
  return cancel;
}
