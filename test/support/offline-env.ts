// Settings for a whole stack started as a user would (CLI, npm start) that keep its schedules on
// 127.0.0.1: an empty feed list, and every other provider's base URL on a closed loopback port, so no
// scheduled run reaches outside (FIRMS's keyless files and the incident feed need no key).
import path from 'node:path';

export const OFFLINE_STACK_ENV = {
  NEWS_FEEDS_FILE: path.resolve(import.meta.dirname, '..', 'fixtures', 'news', 'no-feeds.json'),
  FIRE_API_URL: 'http://127.0.0.1:9',
  WILDFIRE_INCIDENTS_URL: 'http://127.0.0.1:9',
  GEOCODER_URL: 'http://127.0.0.1:9',
  ADSB_AGGREGATOR_URL: 'http://127.0.0.1:9',
  CALTRANS_CCTV_URL: 'http://127.0.0.1:9',
  // The gazetteer's first load (8.5 s on two cores, places, airports and land) only where a test needs place names: they
  // switch it back on.
  GAZETTEER_LOAD: 'off',
} as const;
