// Whether the cursor's minute lies in a gap of the aircraft recording: asked when the map shows no aircraft at a
// minute the cursor rests on (not at each step of a play: the count there is still the last minute's while the next
// is read, and a request a step was aborted by the next before it answered), and said of that minute only (the
// server decides what a gap is: the aircraft of a minute are those seen within the max age before its end).
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AircraftRecorded } from '../api/api-types';
import type { AircraftGap } from './aircraft-recorded-note';

/** How long the cursor rests on a minute before its gap is asked (a playing cursor steps every 100–1,000 ms). */
const REST_MS = 1_200;

/** `pastAircraft`: how many aircraft the map shows at the minute (null while loading or live). */
export function useAircraftGap(api: ApiClient, minuteStart: number | null, pastAircraft: number | null): AircraftGap | null {
  const [answer, setAnswer] = useState<{ minute: number; gap: AircraftGap | null } | null>(null);
  useEffect(() => {
    if (minuteStart === null || pastAircraft !== 0) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<AircraftRecorded>('/api/aircraft/recorded', { at: new Date(minuteStart).toISOString() }, abort.signal)
        .then((recorded) => setAnswer({ minute: minuteStart, gap: recorded.gap ?? null }))
        // Unknown: no note rather than a wrong one.
        .catch(() => undefined);
    }, REST_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, minuteStart, pastAircraft]);
  return answer !== null && answer.minute === minuteStart && pastAircraft === 0 ? answer.gap : null;
}
