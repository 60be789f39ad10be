// Whether the cursor's minute lies in a gap of the aircraft recording (the app closed, the feed unreachable): asked
// only when the map shows no aircraft at that minute, and kept while the cursor stays inside the gap it learned of.
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AircraftRecorded } from '../api/api-types';
import { type AircraftGap, inGap } from './aircraft-recorded-note';

/** `pastAircraft`: how many aircraft the map shows at the minute (null while loading or live). */
export function useAircraftGap(api: ApiClient, minuteStart: number | null, pastAircraft: number | null): AircraftGap | null {
  const [gap, setGap] = useState<AircraftGap | null>(null);
  const known = gap !== null && minuteStart !== null && inGap(gap, minuteStart);
  useEffect(() => {
    if (minuteStart === null || pastAircraft !== 0 || known) return;
    const abort = new AbortController();
    api
      .get<AircraftRecorded>('/api/aircraft/recorded', { at: new Date(minuteStart).toISOString() }, abort.signal)
      .then((answer) => setGap(answer.gap ?? null))
      // Unknown: no note rather than a wrong one.
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, minuteStart, pastAircraft, known]);
  return known && pastAircraft === 0 ? gap : null;
}
