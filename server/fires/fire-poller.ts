// The `fires` job. With a firms key (stored, else FIRE_MAP_KEY): fetch the FIRMS area CSV, store what is new, back
// off on the transaction limit. Without one: read the keyless global 24 h files (firms-global-files.ts). A key FIRMS
// refuses (mistyped, revoked) fails the run, saying so, but the map is not left without fires: the keyless files are
// read in the same run.
import { holdoffFor, type Holdoff, stillHeld } from '../clock-holdoff.js';
import { type JobDefinition, UnusableAnswerError } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import type { KeySource } from '../keys/key-source.js';
import { describeRejected } from '../pipelines/rejection-tally.js';
import { tallyRowProblems } from './fire-row-problems.js';
import type { FireService } from './fire-service.js';
import type { FireSettings } from './fire-settings.js';
import { FirmsResponseError, parseFirmsCsv } from './firms-csv.js';
import { FirmsGlobalFiles, type GlobalFileStatus } from './firms-global-files.js';

const LIMIT_BACKOFF_MS = [10, 20, 40, 60].map((minutes) => minutes * 60_000);

/** What health shows of the fire source (`sources.fires`): which FIRMS path the job takes now, and its state. */
export type FireSourceHealth =
  | { mode: 'area-api'; dataset: string; bbox: string; transactionLimitUntil: string | null }
  /** keyRefused: a key is set, FIRMS refused it at the last run, and the files are read meanwhile. */
  | { mode: 'global-24h'; bbox: string; minDownloadIntervalSeconds: number; files: GlobalFileStatus[]; keyRefused: boolean };

export interface FirePollerJob extends JobDefinition {
  /** For `app.health.addSection('fires', …)`. The key is looked up as the next run will, so a key added shows at once. */
  health(): Promise<FireSourceHealth>;
}

export function firePollerJob(deps: {
  service: FireService;
  keys: KeySource;
  /** The settings in effect, read at each run: a dataset or area saved in the Sources panel applies at the next run. */
  settings: () => FireSettings;
  now?: () => number;
}): FirePollerJob {
  const now = deps.now ?? Date.now;
  let limitHoldoff: Holdoff | null = null;
  let limitHits = 0;
  // The key FIRMS refused at the last run (so the files were read instead), until a run with a key is answered.
  let refusedKey: string | null = null;
  // Kept across runs (and across a key being added and removed): the files' ETag/Last-Modified live here. A new
  // area or file list starts afresh (the files kept so far were cut to the old area).
  let globalFiles: { key: string; files: FirmsGlobalFiles } | null = null;
  const globalFilesFor = (settings: FireSettings): FirmsGlobalFiles => {
    const key = JSON.stringify([settings.apiUrl, settings.globalFiles, settings.bbox, settings.globalIntervalSeconds]);
    if (globalFiles?.key !== key) {
      globalFiles = {
        key,
        files: new FirmsGlobalFiles({
          apiUrl: settings.apiUrl,
          files: settings.globalFiles,
          bbox: settings.bbox,
          minDownloadIntervalMs: settings.globalIntervalSeconds * 1000,
          sink: deps.service,
          now,
        }),
      };
    }
    return globalFiles.files;
  };
  return {
    name: 'fires',
    pipeline: 'fires',
    intervalSeconds: deps.settings().intervalSeconds,
    async health() {
      const key = await deps.keys.get('firms');
      const settings = deps.settings();
      if (!key || key === refusedKey) {
        return { mode: 'global-24h', bbox: settings.bbox, minDownloadIntervalSeconds: settings.globalIntervalSeconds, files: globalFilesFor(settings).status(), keyRefused: Boolean(key) };
      }
      return { mode: 'area-api', dataset: settings.dataset, bbox: settings.bbox, transactionLimitUntil: stillHeld(limitHoldoff, now()) ? new Date(limitHoldoff.until).toISOString() : null };
    },
    async run() {
      const key = await deps.keys.get('firms');
      const settings = deps.settings();
      if (!key) return globalFilesFor(settings).poll();
      if (stillHeld(limitHoldoff, now())) {
        return { idle: `FIRMS transaction limit reached; next try after ${new Date(limitHoldoff.until).toISOString()}` };
      }
      const { apiUrl, dataset, bbox } = settings;
      const url = `${apiUrl}/api/area/csv/${encodeURIComponent(key)}/${dataset}/${bbox}/1`;
      const response = await fetchText(url, { timeoutMs: 60_000, maxBytes: 200 * 1024 * 1024, secrets: [key] });
      let parsed;
      try {
        parsed = parseFirmsCsv(response.text);
      } catch (error) {
        if (error instanceof FirmsResponseError && error.kind === 'limit') {
          limitHoldoff = holdoffFor(now(), LIMIT_BACKOFF_MS[Math.min(limitHits, LIMIT_BACKOFF_MS.length - 1)] as number);
          limitHits += 1;
          throw new Error(`${error.message}; next try after ${new Date(limitHoldoff.until).toISOString()}`);
        }
        if (error instanceof FirmsResponseError && error.kind === 'key') {
          refusedKey = key;
          throw await keylessInstead(error, globalFilesFor(settings));
        }
        if (error instanceof FirmsResponseError) throw error;
        throw new Error(`FIRMS answer could not be read as CSV (HTTP ${response.status}): ${(error as Error).message}`);
      }
      if (response.status >= 400) throw new Error(`FIRMS answered HTTP ${response.status}`);
      limitHits = 0;
      refusedKey = null;
      const rejected = tallyRowProblems(parsed.problems);
      // Rows, none usable: not "no fires today" (a header alone) but an answer Vantage cannot read.
      if (parsed.detections.length === 0 && parsed.notVegetationFires === 0 && rejected.count > 0) {
        throw new UnusableAnswerError(
          `FIRMS answer has ${rejected.count} rows and none is usable: ${describeRejected(rejected.toJSON(), 600)}`,
          rejected.toJSON(),
        );
      }
      const counts = await deps.service.ingest(parsed.detections, dataset);
      return { mode: 'area-api', ...counts, notVegetationFires: parsed.notVegetationFires, invalidRows: parsed.problems.length, rejected: rejected.toJSON() };
    },
  };
}

/**
 * The error of a run whose key FIRMS refused, after the keyless files were read instead: what the key's answer was
 * and what the files brought (or why they failed too).
 */
async function keylessInstead(refused: FirmsResponseError, files: FirmsGlobalFiles): Promise<Error> {
  try {
    const result = await files.poll();
    const failed = Object.entries(result.files).filter(([, outcome]) => outcome.startsWith('failed')).map(([name]) => name);
    const failedWords = failed.length > 0 ? `; ${failed.join(', ')} failed` : '';
    return new Error(`${refused.message}: check the key in the Keys tab; meanwhile fires come from the keyless 24-hour files (${result.stored} new this run${failedWords})`);
  } catch (error) {
    return new Error(`${refused.message}: check the key in the Keys tab; the keyless 24-hour files failed too: ${(error as Error).message}`);
  }
}
