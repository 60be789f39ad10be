// Time spans the screen shares, each defined once. No imports: pure, unit-tested from Node.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * The map's window, the last 24 h: the server cuts fire tiles and points to it, live fires age out of
 * it, the other timed layers (events, alerts, correlations) are read over it, the HUD's day count
 * covers it, and in playback the fires shown are those of the window before the cursor's minute.
 */
export const MAP_WINDOW_MS = 24 * HOUR_MS;
/** The same window in epoch seconds (the tiles' and points' `acqTime`). */
export const MAP_WINDOW_SECONDS = MAP_WINDOW_MS / 1000;
/** The same window as the API's `since` span. */
export const MAP_WINDOW_SINCE = `${MAP_WINDOW_MS / HOUR_MS}h`;

/**
 * In playback, the hour up to the cursor's minute: its fire detections are drawn bright (older ones of the window
 * faded) and the density cells count it, so that the map moves as the cursor plays.
 */
export const PLAYBACK_RECENT_MS = HOUR_MS;
