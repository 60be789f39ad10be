// Pipeline freshness: fetched every 30 s and when a source's state changed here (sources-changed.ts), and updated in
// between by the live socket's health ticks.
import { useCallback, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { HealthReport } from '../api/api-types';
import { healthAfterPoll } from './health-after-poll';
import { HEALTH_POLL_MS } from './refresh-intervals';
import { useSourcesChanged } from './sources-changed';
import { useInterval } from './use-interval';

export function useHealth(api: ApiClient, initial: HealthReport): { health: HealthReport; healthError: string | null; applyLive: (update: Pick<HealthReport, 'status' | 'pipelines'>) => void } {
  const [health, setHealth] = useState(initial);
  const [healthError, setHealthError] = useState<string | null>(null);
  // Live ticks applied so far: a poll answered after one newer than its question keeps the tick's freshness.
  const ticks = useRef(0);

  const read = () => {
    const asked = ticks.current;
    api
      .get<HealthReport>('/api/health')
      .then((report) => {
        const ticksNow = ticks.current;
        setHealth((current) => healthAfterPoll(current, report, asked, ticksNow));
        setHealthError(null);
      })
      .catch((error: Error) => setHealthError(error.message));
  };
  useInterval(read, HEALTH_POLL_MS);
  // A Run now, a key or a setting changed what health says: read at once.
  useSourcesChanged(read);

  const applyLive = useCallback((update: Pick<HealthReport, 'status' | 'pipelines'>) => {
    ticks.current += 1;
    setHealth((current) => ({ ...current, ...update }));
  }, []);
  return { health, healthError, applyLive };
}
