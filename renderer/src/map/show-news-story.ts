// A story placed on the map, shown there: the map flies to its place and opens its popup once it is drawn, as a click
// on its square would; a story the map does not draw (older than its window, or the layer off) opens from what is
// known of it. From the search box and the News tab alike.
import type { MapController } from './map-controller';
import { newsEventUrl } from './news-rows';
import { searchZoom } from './offline-detail';

/** A story's zoom: its town and what is around it (the search's for a placed story). */
export const NEWS_STORY_ZOOM = 10;

export interface PlacedStory {
  id: string;
  title: string;
  link: string | null;
  latitude: number;
  longitude: number;
  /** When it was published and where it was placed, when known: the popup opened from this says them. */
  publishedAt?: string | null;
  place?: string | null;
}

export function showNewsStory(controller: MapController, story: PlacedStory, zoom = NEWS_STORY_ZOOM): void {
  // On the offline basemap no closer than it draws.
  const offline = controller.offlineBasemap;
  controller.flyTo({
    center: [story.longitude, story.latitude],
    zoom: searchZoom(zoom, offline),
    object: { kind: 'news', id: story.id },
    fallback: { kind: 'event', sourceType: 'news', title: story.title, link: story.link, url: newsEventUrl(story.id), occurredAt: story.publishedAt ?? null, place: story.place ?? null },
  });
}
