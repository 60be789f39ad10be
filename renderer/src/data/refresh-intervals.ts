// How often the screen re-reads what changes by itself, each interval defined once.
import { MINUTE_MS } from './time-windows';

/** Aircraft positions: the ADS-B poller runs about once a minute; reading twice as often keeps them fresh. */
export const AIRCRAFT_REFRESH_MS = 30_000;
/** Windows that slide with the clock even when the map is still: the HUD's hour/day counts, the live timeline's end. */
export const SLIDING_WINDOW_REFRESH_MS = MINUTE_MS;
/** Fire tiles and points are cut to the map window when served: re-read them so old fires leave and new ones show. */
export const FIRE_AGE_REFRESH_MS = 5 * MINUTE_MS;
/** Pipeline freshness, between the live socket's health ticks. */
export const HEALTH_POLL_MS = 30_000;
/** The HUD's summaries and newest news. */
export const NEWS_DIGEST_REFRESH_MS = 5 * MINUTE_MS;
