// The `fires` job: fetch the FIRMS area CSV with the firms key, store what is new, back off on the transaction limit.
import type { JobDefinition } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import type { KeySource } from '../keys/key-source.js';
import type { FireService } from './fire-service.js';
import type { FireSettings } from './fire-settings.js';
import { FirmsResponseError, parseFirmsCsv } from './firms-csv.js';

const LIMIT_BACKOFF_MS = [10, 20, 40, 60].map((minutes) => minutes * 60_000);

export function firePollerJob(deps: { service: FireService; keys: KeySource; settings: FireSettings; now?: () => number }): JobDefinition {
  const now = deps.now ?? Date.now;
  let blockedUntil = 0;
  let limitHits = 0;
  return {
    name: 'fires',
    pipeline: 'fires',
    intervalSeconds: deps.settings.intervalSeconds,
    async run() {
      const key = await deps.keys.get('firms');
      if (!key) return { idle: 'no FIRMS map key: add one in the Keys tab or set FIRE_MAP_KEY' };
      if (now() < blockedUntil) {
        return { idle: `FIRMS transaction limit reached; next try after ${new Date(blockedUntil).toISOString()}` };
      }
      const { apiUrl, dataset, bbox } = deps.settings;
      const url = `${apiUrl}/api/area/csv/${encodeURIComponent(key)}/${dataset}/${bbox}/1`;
      const response = await fetchText(url, { timeoutMs: 60_000, maxBytes: 200 * 1024 * 1024, secrets: [key] });
      let parsed;
      try {
        parsed = parseFirmsCsv(response.text);
      } catch (error) {
        if (error instanceof FirmsResponseError && error.kind === 'limit') {
          blockedUntil = now() + (LIMIT_BACKOFF_MS[Math.min(limitHits, LIMIT_BACKOFF_MS.length - 1)] as number);
          limitHits += 1;
          throw new Error(`${error.message}; next try after ${new Date(blockedUntil).toISOString()}`);
        }
        if (error instanceof FirmsResponseError) throw error;
        throw new Error(`FIRMS answer could not be read as CSV (HTTP ${response.status}): ${(error as Error).message}`);
      }
      if (response.status >= 400) throw new Error(`FIRMS answered HTTP ${response.status}`);
      limitHits = 0;
      const counts = await deps.service.ingest(parsed.detections, dataset);
      return { ...counts, invalidRows: parsed.problems.length };
    },
  };
}
