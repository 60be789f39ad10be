// The `fires` job: fetch the FIRMS area CSV with the firms key, store what is new, back off on the transaction limit.
import { type JobDefinition, UnusableAnswerError } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import type { KeySource } from '../keys/key-source.js';
import { describeRejected, RejectionTally } from '../pipelines/rejection-tally.js';
import type { RowProblem } from './fire-detection.js';
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
      const rejected = tallyRowProblems(parsed.problems);
      // Rows, none usable: not "no fires today" (a header alone) but an answer Vantage cannot read.
      if (parsed.detections.length === 0 && rejected.count > 0) {
        throw new UnusableAnswerError(
          `FIRMS answer has ${rejected.count} rows and none is usable: ${describeRejected(rejected.toJSON(), 600)}`,
          rejected.toJSON(),
        );
      }
      const counts = await deps.service.ingest(parsed.detections, dataset);
      return { ...counts, invalidRows: parsed.problems.length, rejected: rejected.toJSON() };
    },
  };
}

const QUOTED = /"[^"]*"/g;

/** Rows grouped by what is wrong with them; the offending values go with the row numbers. */
function tallyRowProblems(problems: readonly RowProblem[]): RejectionTally {
  const tally = new RejectionTally();
  for (const problem of problems) {
    const values = problem.errors.flatMap((error) => error.match(QUOTED) ?? []);
    tally.add(problem.errors.map((error) => error.replace(QUOTED, '…')).join('; '), `row ${problem.row}${values.length > 0 ? ` ${values.join(' ')}` : ''}`);
  }
  return tally;
}
