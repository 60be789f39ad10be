// The span of the aircraft positions kept, read each time the map enters playback (it grows while the app runs).
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AircraftRecorded } from '../api/api-types';

export function useAircraftRecorded(api: ApiClient, inPlayback: boolean): AircraftRecorded | null {
  const [recorded, setRecorded] = useState<AircraftRecorded | null>(null);
  useEffect(() => {
    if (!inPlayback) {
      setRecorded(null);
      return;
    }
    const abort = new AbortController();
    api
      .get<AircraftRecorded>('/api/aircraft/recorded', {}, abort.signal)
      .then((answer) => setRecorded(answer))
      // Unknown: no note rather than a wrong one.
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, inPlayback]);
  return recorded;
}
