// Without a map key: the keyless FIRMS global 24 h active-fire files, one per satellite. Each is asked for with
// If-None-Match / If-Modified-Since (its ETag and Last-Modified remembered in memory, so a restart downloads once
// more and the natural key drops what is already stored), no more often than FIRE_GLOBAL_INTERVAL once it was
// downloaded, read as a stream (a VIIRS file is tens of MB), kept to FIRE_BBOX and stored in batches through
// FireService.ingest (COPY staging, ON CONFLICT DO NOTHING, events published).
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stillHeld } from '../clock-holdoff.js';
import { UnusableAnswerError } from '../jobs/job-runner.js';
import { FetchError, USER_AGENT } from '../http/bounded-fetch.js';
import { isUnreachable, markedUnreachable, neverReachedHost, requestFailureWords } from '../http/network-failure.js';
import { textProblem } from '../http/safe-text.js';
import { describeRejected, RejectionTally } from '../pipelines/rejection-tally.js';
import type { RejectedRecords } from '../pipelines/rejection-tally.js';
import { detectionFromFirmsRow, type FireDetection, firmsRowSchema, type LeftOutRows, type RowProblem } from './fire-detection.js';
import { addRowProblem } from './fire-row-problems.js';
import type { FireIngestCounts } from './fire-service.js';
import { GLOBAL_FIRE_FILES, type GlobalFireFile, type GlobalFireFileId } from './firms-global-catalog.js';
import { firmsErrorOf, type NumberedRecord, numberedRecordOptions } from './firms-csv.js';
import { everyFileFailedMessage, type FileFailure } from './every-file-failed.js';

/**
 * Size cap of one global file, after decompression. A VIIRS global 24 h file is ~5 MB on a quiet day and 20–40 MB
 * in a busy fire season; it is read as a stream and stored in batches, so the cap bounds the download, not memory:
 * generous, yet a server that never stops sending is cut off.
 */
export const GLOBAL_FILE_MAX_BYTES = 256 * 1024 * 1024;
/** One file over a slow field link, storing included (the body is read only as fast as batches are stored). */
const GLOBAL_FILE_TIMEOUT_MS = 10 * 60_000;
/** Detections per FireService.ingest call: one COPY and one transaction each. */
const INGEST_BATCH = 5_000;
const HEAD_CHARS = 512;
const REQUIRED_COLUMNS = ['latitude', 'longitude', 'acq_date', 'acq_time', 'satellite'];

/** A file that is not a FIRMS active-fire CSV, named by the file. */
class GlobalFileFormatError extends Error {
  override name = 'GlobalFileFormatError';
}

export type Bbox = readonly [west: number, south: number, east: number, north: number];

/** FIRE_BBOX → the box, or null for `world`. */
export function bboxOf(setting: string): Bbox | null {
  if (setting === 'world') return null;
  const [west, south, east, north] = setting.split(',').map(Number) as [number, number, number, number];
  return [west, south, east, north];
}

/** Edges included; a box whose west is east of its east crosses the antimeridian. */
export function insideBbox(bbox: Bbox, longitude: number, latitude: number): boolean {
  const [west, south, east, north] = bbox;
  if (latitude < south || latitude > north) return false;
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}

export interface FireSink {
  ingest(detections: readonly FireDetection[], dataset: string): Promise<FireIngestCounts>;
}

export interface GlobalFileCounts extends FireIngestCounts, LeftOutRows {
  /** Valid rows outside FIRE_BBOX, not stored. */
  outsideBbox: number;
  invalidRows: number;
}

export interface GlobalFileStatus {
  name: string;
  dataset: string;
  url: string;
  lastCheckedAt: string | null;
  /** Of the last check: `downloaded` (new content read), `not-modified` (304, or the same ETag/Last-Modified), `failed`. */
  lastResult: 'downloaded' | 'not-modified' | 'failed' | null;
  lastDownloadedAt: string | null;
  /** The file's own validators, as FIRMS last sent them. */
  lastModified: string | null;
  etag: string | null;
  /** Rows of the last download. */
  lastCounts: GlobalFileCounts | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Not asked for again before this (FIRE_GLOBAL_INTERVAL after a download); null = at the next run. */
  nextCheckAfter: string | null;
}

type FileOutcome =
  | { status: 'downloaded'; counts: GlobalFileCounts }
  | { status: 'not-modified' }
  | { status: 'not-due'; until: number }
  | { status: 'failed'; error: Error };

export interface GlobalPollResult extends Record<string, unknown> {
  mode: 'global-24h';
  received: number;
  stored: number;
  duplicate: number;
  outsideBbox: number;
  notVegetationFires: number;
  invalidRows: number;
  /** Each file's outcome: `downloaded`, `not modified`, `not due until …`, `failed: …`. */
  files: Record<string, string>;
  rejected: RejectedRecords;
}

export interface FirmsGlobalFilesOptions {
  apiUrl: string;
  files: readonly GlobalFireFileId[];
  /** FIRE_BBOX: `world` or west,south,east,north. */
  bbox: string;
  /** FIRE_GLOBAL_INTERVAL in ms: the shortest time between two downloads of one file. */
  minDownloadIntervalMs: number;
  sink: FireSink;
  now?: () => number;
  maxBytes?: number;
}

export class FirmsGlobalFiles {
  private readonly files: GlobalFireFile[];
  private readonly states = new Map<GlobalFireFileId, GlobalFileStatus>();
  private readonly bbox: Bbox | null;
  private readonly now: () => number;

  constructor(private readonly options: FirmsGlobalFilesOptions) {
    this.files = options.files.map((id) => GLOBAL_FIRE_FILES[id]);
    this.bbox = bboxOf(options.bbox);
    this.now = options.now ?? Date.now;
    for (const file of this.files) {
      this.states.set(file.id, {
        name: file.name,
        dataset: file.dataset,
        url: `${options.apiUrl}${file.path}`,
        lastCheckedAt: null,
        lastResult: null,
        lastDownloadedAt: null,
        lastModified: null,
        etag: null,
        lastCounts: null,
        lastError: null,
        lastErrorAt: null,
        nextCheckAfter: null,
      });
    }
  }

  status(): GlobalFileStatus[] {
    return this.files.map((file) => ({ ...(this.states.get(file.id) as GlobalFileStatus) }));
  }

  /**
   * Checks every file that is due, one after another. A run fails only when every file it asked for failed;
   * a file that failed alone shows in the result and in health, and is asked for again at the next run.
   */
  async poll(): Promise<GlobalPollResult> {
    const tally = new RejectionTally();
    const result: GlobalPollResult = {
      mode: 'global-24h',
      received: 0,
      stored: 0,
      duplicate: 0,
      outsideBbox: 0,
      notVegetationFires: 0,
      invalidRows: 0,
      files: {},
      rejected: { count: 0, reasons: [] },
    };
    const failures: FileFailure[] = [];
    let asked = 0;
    for (const file of this.files) {
      const outcome = await this.pollFile(file, tally);
      if (outcome.status !== 'not-due') asked += 1;
      if (outcome.status === 'downloaded') {
        result.files[file.name] = 'downloaded';
        for (const key of ['received', 'stored', 'duplicate', 'outsideBbox', 'notVegetationFires', 'invalidRows'] as const) result[key] += outcome.counts[key];
      } else if (outcome.status === 'not-modified') {
        result.files[file.name] = 'not modified';
      } else if (outcome.status === 'not-due') {
        result.files[file.name] = `not due until ${new Date(outcome.until).toISOString()}`;
      } else {
        result.files[file.name] = `failed: ${outcome.error.message}`;
        failures.push({ name: file.name, url: this.states.get(file.id)?.url ?? '', error: outcome.error });
      }
    }
    result.rejected = tally.toJSON();
    if (asked > 0 && failures.length === asked) {
      const message = everyFileFailedMessage(failures);
      if (failures.every(({ error }) => error instanceof UnusableAnswerError)) throw new UnusableAnswerError(message, result.rejected);
      throw markedUnreachable(new Error(message), failures.every(({ error }) => isUnreachable(error)));
    }
    return result;
  }

  private async pollFile(file: GlobalFireFile, tally: RejectionTally): Promise<FileOutcome> {
    const state = this.states.get(file.id) as GlobalFileStatus;
    const now = this.now();
    const due = state.nextCheckAfter === null ? null : { until: Date.parse(state.nextCheckAfter), waitMs: this.options.minDownloadIntervalMs };
    if (stillHeld(due, now)) return { status: 'not-due', until: due.until };
    state.lastCheckedAt = new Date(now).toISOString();
    try {
      const outcome = await this.download(file, state, tally);
      state.lastResult = outcome.status === 'downloaded' ? 'downloaded' : 'not-modified';
      state.lastError = null;
      state.lastErrorAt = null;
      if (outcome.status === 'downloaded') {
        state.lastDownloadedAt = new Date(this.now()).toISOString();
        state.lastCounts = outcome.counts;
        state.nextCheckAfter = this.options.minDownloadIntervalMs > 0 ? new Date(this.now() + this.options.minDownloadIntervalMs).toISOString() : null;
      }
      return outcome;
    } catch (error) {
      state.lastResult = 'failed';
      state.lastError = (error as Error).message;
      state.lastErrorAt = new Date(this.now()).toISOString();
      return { status: 'failed', error: error as Error };
    }
  }

  private async download(file: GlobalFireFile, state: GlobalFileStatus, tally: RejectionTally): Promise<Exclude<FileOutcome, { status: 'not-due' | 'failed' }>> {
    const maxBytes = this.options.maxBytes ?? GLOBAL_FILE_MAX_BYTES;
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: 'text/csv, text/plain;q=0.9, */*;q=0.1' };
    if (state.etag) headers['if-none-match'] = state.etag;
    if (state.lastModified) headers['if-modified-since'] = state.lastModified;
    let response: Response;
    try {
      response = await fetch(state.url, { headers, signal: AbortSignal.timeout(GLOBAL_FILE_TIMEOUT_MS), redirect: 'follow' });
    } catch (error) {
      throw new FetchError(`${file.name}: request to ${state.url} failed: ${requestFailureWords(error, GLOBAL_FILE_TIMEOUT_MS)}`, { unreachable: neverReachedHost(error) });
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { status: 'not-modified' };
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchError(`${file.name}: FIRMS answered HTTP ${response.status}`);
    }
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    // A server that ignores the conditional request but names the same version: nothing new, nothing read.
    if ((etag !== null && etag === state.etag) || (etag === null && lastModified !== null && lastModified === state.lastModified)) {
      await response.body?.cancel().catch(() => undefined);
      return { status: 'not-modified' };
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchError(`${file.name}: the file is ${declared} bytes; the limit is ${maxBytes}`);
    }
    const counts = await this.readAndStore(file, response.body ?? emptyBody(), maxBytes, tally);
    // Remembered only once the whole file was read: a download that broke off is asked for in full again.
    state.etag = etag;
    state.lastModified = lastModified;
    return { status: 'downloaded', counts };
  }

  private async readAndStore(file: GlobalFireFile, body: AsyncIterable<Uint8Array>, maxBytes: number, tally: RejectionTally): Promise<GlobalFileCounts> {
    const head = { text: '' };
    // A record csv-parse cannot read (a stray quote) is a refused row, counted as the others are (reject, below); the
    // parser numbers every record, those too, so that each row's number is its place in the file.
    const unreadable: RowProblem[] = [];
    const parser = parse({
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      ...numberedRecordOptions((problem) => unreadable.push(problem)),
    });
    const feeding = pipeline(capped(body, maxBytes, file.name, head), parser);
    feeding.catch(() => undefined); // its error also ends the iteration below, which reports it
    const counts: GlobalFileCounts = { received: 0, stored: 0, duplicate: 0, outsideBbox: 0, notVegetationFires: 0, invalidRows: 0 };
    const batch: FireDetection[] = [];
    const store = async () => {
      const stored = await this.options.sink.ingest(batch.splice(0), file.dataset);
      counts.received += stored.received;
      counts.stored += stored.stored;
      counts.duplicate += stored.duplicate;
    };
    let header: string[] | null = null;
    let latitudeAt = -1;
    let longitudeAt = -1;
    let row = 0;
    const bbox = this.bbox;
    const fileTally = new RejectionTally();
    const reject = (problem: RowProblem) => {
      counts.invalidRows += 1;
      addRowProblem(tally, problem, `${file.name} row`);
      addRowProblem(fileTally, problem);
    };
    try {
      for await (const numbered of parser as AsyncIterable<NumberedRecord>) {
        for (const problem of unreadable.splice(0)) reject(problem);
        const cells = numbered.cells;
        if (header === null) {
          header = readHeader(file, cells, head.text);
          latitudeAt = header.indexOf('latitude');
          longitudeAt = header.indexOf('longitude');
          continue;
        }
        row = numbered.row;
        if (cells.length !== header.length) {
          reject({ row, errors: [`has ${cells.length} cells; the header has ${header.length}`] });
          continue;
        }
        if (bbox && isClearlyOutside(bbox, cells[longitudeAt] as string, cells[latitudeAt] as string)) {
          counts.outsideBbox += 1;
          continue;
        }
        const record: Record<string, string> = {};
        for (let column = 0; column < header.length; column += 1) record[header[column] as string] = cells[column] as string;
        const parsed = firmsRowSchema.safeParse(record);
        const converted = parsed.success ? detectionFromFirmsRow(parsed.data) : { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
        if ('errors' in converted) {
          reject({ row, errors: converted.errors });
          continue;
        }
        if ('notVegetationFire' in converted) {
          // Valid, so its position is read: outside the area it is counted there, as a fire would be.
          if (bbox && parsed.success && !insideBbox(bbox, parsed.data.longitude, parsed.data.latitude)) counts.outsideBbox += 1;
          else counts.notVegetationFires += 1;
          continue;
        }
        if (bbox && !insideBbox(bbox, converted.detection.longitude, converted.detection.latitude)) {
          counts.outsideBbox += 1;
          continue;
        }
        batch.push(converted.detection);
        if (batch.length >= INGEST_BATCH) await store();
      }
      await feeding;
      for (const problem of unreadable.splice(0)) reject(problem);
    } catch (error) {
      parser.destroy();
      if (error instanceof FetchError || error instanceof GlobalFileFormatError) throw error;
      const stored = counts.stored > 0 ? ` (${counts.stored} new detections were stored before that)` : '';
      if (header === null) throw formatError(file, head.text, error as Error);
      throw new Error(`${file.name}: reading the file failed after row ${row}: ${(error as Error).message}${stored}`);
    }
    if (header === null) throw formatError(file, head.text);
    if (batch.length > 0) await store();
    // Rows, none of them usable: not "no fires today" (a header alone) but a file Vantage cannot read.
    if (counts.received === 0 && counts.outsideBbox === 0 && counts.notVegetationFires === 0 && counts.invalidRows > 0) {
      throw new UnusableAnswerError(`${file.name} has ${counts.invalidRows} rows and none is usable: ${describeRejected(fileTally.toJSON(), 600)}`, fileTally.toJSON());
    }
    return counts;
  }
}

/** The body, cut off past the cap; the first characters are kept for an error message. */
async function* capped(body: AsyncIterable<Uint8Array>, maxBytes: number, name: string, head: { text: string }): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FetchError(`${name}: the file passed the ${maxBytes}-byte limit`);
    if (head.text.length < HEAD_CHARS) head.text += Buffer.from(chunk.subarray(0, HEAD_CHARS)).toString('utf8');
    yield chunk;
  }
}

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

function readHeader(file: GlobalFireFile, cells: string[], head: string): string[] {
  if (!REQUIRED_COLUMNS.every((column) => cells.includes(column))) throw formatError(file, head);
  const badColumn = cells.find((name) => textProblem(name) !== null);
  if (badColumn !== undefined) throw new GlobalFileFormatError(`${file.name}: a CSV column name ${textProblem(badColumn)}`);
  return cells;
}

/** FIRMS's plain-text errors are named as such; anything else is quoted. */
function formatError(file: GlobalFireFile, head: string, cause?: Error): GlobalFileFormatError {
  const known = firmsErrorOf(head);
  if (known && known.kind !== 'format') return new GlobalFileFormatError(`${file.name}: ${known.message}`);
  const why = cause ? ` (${cause.message})` : '';
  return new GlobalFileFormatError(`${file.name}: FIRMS answered something that is not an active-fire CSV${why}: ${JSON.stringify(head.trim().slice(0, 120))}`);
}

/** A well-formed coordinate pair outside the box; anything else goes through the row checks (and is counted if bad). */
function isClearlyOutside(bbox: Bbox, longitudeText: string, latitudeText: string): boolean {
  if (longitudeText === '' || latitudeText === '') return false;
  const longitude = Number(longitudeText);
  const latitude = Number(latitudeText);
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return false;
  return !insideBbox(bbox, longitude, latitude);
}
