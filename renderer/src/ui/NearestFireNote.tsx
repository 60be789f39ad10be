// While the view holds no fire detection (live, the fires layer shown), says where the nearest one is and goes there:
// the map opens on the computer's region, which may have none, and an empty map read as a broken one.
import { useState } from 'react';
import type { NearestFire } from '../api/api-types';
import { nearestFireWords } from '../data/nearest-fire-words';
import type { ViewFilter } from '../data/view-filter';

/**
 * `feedDeliveredNothing`: the fires feed has not delivered yet (a first start, offline): "none anywhere" is not said
 * then, the HUD's "–" saying why; a detection stored meanwhile (sent to the API) is still named.
 */
export function NearestFireNote({
  answer,
  filter,
  feedDeliveredNothing,
  onShow,
}: {
  answer: NearestFire | null;
  filter: ViewFilter;
  feedDeliveredNothing: boolean;
  onShow: (at: [number, number]) => void;
}) {
  const [closed, setClosed] = useState(false);
  if (closed || answer === null || (answer.nearest === null && feedDeliveredNothing)) return null;
  const { nearest } = answer;
  return (
    <p className="home-note" role="status" data-testid="nearest-fire-note">
      <span>{nearestFireWords(nearest, filter)}</span>
      {nearest && (
        <button type="button" className="link-button" data-testid="nearest-fire-show" onClick={() => onShow([nearest.longitude, nearest.latitude])}>
          Show it
        </button>
      )}
      <button type="button" aria-label="Close" onClick={() => setClosed(true)}>
        ×
      </button>
    </p>
  );
}
