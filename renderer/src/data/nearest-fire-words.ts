// What the map says when its view holds no fire detection: where the nearest one is, or that there are none at all.
// The map opens on the computer's region, which may have none today: an empty map read as a broken one, the fires
// being a continent away. Pure (`.js` specifiers): unit-tested from Node.
import type { NearestFire } from '../api/api-types.js';
import { compassPoint, distanceWords } from '../format/compass-words.js';
import { formatShortUtc } from '../format/time-format.js';
import { hasChosenWindow, narrowsFires, presetWindowLabel, type ViewFilter } from './view-filter.js';

/** "No fire detections in view in the last 24 h. The nearest: 1,618 km (1,005 mi) south-west, 30 Nov 22:14 UTC." */
export function nearestFireWords(nearest: NearestFire['nearest'], filter: ViewFilter): string {
  const window = hasChosenWindow(filter) ? 'chosen window' : presetWindowLabel(filter);
  const passing = narrowsFires(filter) ? ' pass the filters' : '';
  if (nearest === null) return `No fire detections${passing} in the ${window}, in view or anywhere else.`;
  const where = `${distanceWords(nearest.distanceKm)} ${compassPoint(nearest.bearingDeg)}`;
  return `No fire detections in view${passing} in the ${window}. The nearest: ${where}, ${formatShortUtc(new Date(nearest.acqTime))}.`;
}
