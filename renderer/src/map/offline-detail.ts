// How close the shipped offline basemap has something to draw: the place tiles carry every place from zoom 10, and
// past that it is land, sea and names, no streets (OfflineDetailNote says so). Searches stop short of it.

/** From this zoom the offline basemap has nothing more to draw. */
export const OFFLINE_DETAIL_ENDS_ZOOM = 11;

/** The zoom a search goes to: its own, or on the offline basemap no closer than its last zoom of detail. */
export function searchZoom(zoom: number, offlineBasemap: boolean): number {
  return offlineBasemap ? Math.min(zoom, OFFLINE_DETAIL_ENDS_ZOOM - 1) : zoom;
}
