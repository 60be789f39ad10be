// Parses the FIRMS area CSV (VIIRS or MODIS header) with csv-parse; every row checked, none trusted.
import { CsvError, type InfoRecord, type Options, parse as parseCsvStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { textProblem } from '../http/safe-text.js';
import { forEachInSlices, nextTurn } from '../time-sliced.js';
import { detectionFromFirmsRow, type FireDetection, firmsRowSchema, type LeftOutRows, type RowProblem } from './fire-detection.js';
import { ListedRowProblems } from './fire-row-problems.js';

export class FirmsResponseError extends Error {
  constructor(
    message: string,
    /** `key` (bad map key), `area`, `limit` (transaction limit), `format` (not a FIRMS CSV). */
    readonly kind: 'key' | 'area' | 'limit' | 'format',
  ) {
    super(message);
    this.name = 'FirmsResponseError';
  }
}

const REQUIRED_COLUMNS = ['latitude', 'longitude', 'acq_date', 'acq_time', 'satellite'];

/** FIRMS answers errors as plain text, sometimes with status 200: the body decides. */
export function firmsErrorOf(body: string): FirmsResponseError | null {
  const text = body.trim();
  const firstLine = text.split('\n', 1)[0] ?? '';
  if (REQUIRED_COLUMNS.every((column) => firstLine.split(',').map((name) => name.trim()).includes(column))) return null;
  if (/invalid map_key/i.test(text)) return new FirmsResponseError('FIRMS refused the map key (Invalid MAP_KEY.)', 'key');
  if (/invalid area/i.test(text)) return new FirmsResponseError('FIRMS refused the area (Invalid area.); check FIRE_BBOX', 'area');
  if (/transaction limit/i.test(text)) return new FirmsResponseError('FIRMS transaction limit exceeded', 'limit');
  return new FirmsResponseError(`FIRMS answered something that is not an area CSV: ${JSON.stringify(text.slice(0, 120))}`, 'format');
}

const CSV_OPTIONS = { skip_empty_lines: true, trim: true, relax_column_count: false, bom: true } as const;

export interface ParsedFirms extends LeftOutRows {
  detections: FireDetection[];
  problems: RowProblem[];
}

/** The cells of a FIRMS area CSV, named by its header. */
interface FirmsCsvRows {
  header: string[];
  rows: NumberedRecord[];
}

/** Rows found invalid: nothing of the CSV may be stored. */
export class InvalidFirmsRowsError extends Error {
  constructor(
    /** The first ones (ListedRowProblems), of `invalid`. */
    readonly problems: RowProblem[],
    readonly invalid: number,
    readonly received: number,
  ) {
    super(`${invalid} of ${received} rows are invalid`);
    this.name = 'InvalidFirmsRowsError';
  }
}

const UNREADABLE_RECORD_REASONS: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'not as many cells as the header',
  INVALID_OPENING_QUOTE: 'a quote inside a cell',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a cell',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text after a closing quote',
};

/** A record as numberedRecordOptions gives it: its cells, and its place among the file's records (the header 0). */
export interface NumberedRecord {
  cells: string[];
  row: number;
}

/**
 * csv-parse options that number every record by its place among the file's records (the header 0, data rows from 1),
 * counting those it cannot read (a cell too many, a stray quote): each of those goes to `onUnreadable` as a refused
 * row with a reason in words of its own (the tally groups them), so that a poll stores the others. An unreadable
 * header, or a quote never closed (the rest of the file would be one cell: the answer is cut off or broken), throws.
 */
export function numberedRecordOptions(onUnreadable: (problem: RowProblem) => void): Options {
  let unreadable = 0;
  // csv-parse's types admit a record other than string[] only with `columns`: the records are NumberedRecord.
  return {
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined): undefined => {
      const records = typeof error?.records === 'number' ? error.records : 0;
      if (records === 0) throw new FirmsCsvSyntaxError(`the header cannot be read: ${error?.message ?? 'not CSV'}`);
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') {
        throw new FirmsCsvSyntaxError(`a quote opened after row ${records + unreadable - 1} is never closed: the answer is cut off or broken`);
      }
      unreadable += 1;
      const reason = (error && UNREADABLE_RECORD_REASONS[error.code]) ?? 'not a CSV record';
      onUnreadable({ row: records + unreadable - 1, errors: [`unreadable CSV: ${reason}`] });
      return undefined;
    },
    on_record: (cells: string[], context: InfoRecord): NumberedRecord => ({ cells, row: context.records + unreadable - 1 }),
  } as unknown as Options;
}

/**
 * Throws FirmsResponseError for an error body (or a broken column name). A record csv-parse cannot read (a cell too
 * many, a stray quote) is a refused row, as a row with a bad value is: a poll stores the others.
 */
function firmsCsvRows(body: string, problems: RowProblem[]): FirmsCsvRows {
  checkFirmsBody(body);
  const options = { ...CSV_OPTIONS, ...numberedRecordOptions((problem) => problems.push(problem)) };
  const [header, ...rows] = parse(body, options) as unknown as NumberedRecord[];
  const cells = header?.cells ?? [];
  checkHeader(cells);
  return { header: cells, rows };
}

/** Cells are checked row by row (firmsRowSchema); a column name with NUL or broken Unicode is not FIRMS. */
function checkHeader(header: readonly string[]): void {
  const badColumn = header.find((name) => textProblem(name) !== null);
  if (badColumn !== undefined) throw new FirmsResponseError(`a CSV column name ${textProblem(badColumn)}`, 'format');
}

/** Checks one row (its number from 1): its detection, or null with its problem reported or the row counted as left out. */
function checkedRow(
  header: readonly string[],
  cells: readonly string[],
  rowNumber: number,
  problems: { add(problem: RowProblem): void },
  leftOut: LeftOutRows,
): FireDetection | null {
  const record: Record<string, string> = {};
  for (let column = 0; column < header.length; column += 1) record[header[column] as string] = cells[column] as string;
  const row = firmsRowSchema.safeParse(record);
  if (!row.success) {
    problems.add({ row: rowNumber, errors: row.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
    return null;
  }
  const converted = detectionFromFirmsRow(row.data);
  if ('errors' in converted) {
    problems.add({ row: rowNumber, errors: converted.errors });
    return null;
  }
  if ('notVegetationFire' in converted) {
    leftOut.notVegetationFires += 1;
    return null;
  }
  return converted.detection;
}

/**
 * Throws FirmsResponseError for an error body; returns every valid row (those of hot spots that are not vegetation
 * fires counted, not returned) and every invalid one (an unreadable record too).
 */
export function parseFirmsCsv(body: string): ParsedFirms {
  const problems: RowProblem[] = [];
  const { header, rows } = firmsCsvRows(body, problems);
  const detections: FireDetection[] = [];
  const report = { add: (problem: RowProblem) => void problems.push(problem) };
  const leftOut: LeftOutRows = { notVegetationFires: 0 };
  for (const record of rows) {
    const detection = checkedRow(header, record.cells, record.row, report, leftOut);
    if (detection) detections.push(detection);
  }
  // The unreadable records were reported while parsing, before the rows checked after it: in the file's order again.
  problems.sort((a, b) => a.row - b.row);
  return { detections, problems, ...leftOut };
}

/** Rows checked and stored per chunk by the chunked ingest (see FireService.ingestChunks). */
export const FIRMS_CHUNK_ROWS = 10_000;

/** Characters of a body handed to the CSV parser at a time (~600 FIRMS rows, a few ms), with a turn of the event loop after each. */
const PIECE_CHARS = 64 * 1024;

/** The body is not well-formed CSV (csv-parse's reason). */
export class FirmsCsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirmsCsvSyntaxError';
  }
}

/** Throws FirmsResponseError for an error body (FIRMS answers those as text): nothing else of it is read. */
export function checkFirmsBody(body: string): void {
  const error = firmsErrorOf(body);
  if (error) throw error;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The body's records (header first) as csv-parse reads them, a piece of the text at a time. */
async function* csvRecords(body: string): AsyncGenerator<string[]> {
  const parser = parseCsvStream(CSV_OPTIONS);
  const feeding = (async () => {
    for (let start = 0; start < body.length; ) {
      let end = Math.min(body.length, start + PIECE_CHARS);
      // Never between the halves of a surrogate pair: each piece becomes UTF-8 on its own, and a half alone would
      // become U+FFFD.
      if (end < body.length && isHighSurrogate(body.charCodeAt(end - 1))) end -= 1;
      if (parser.destroyed) return;
      parser.write(body.slice(start, end));
      start = end;
      await nextTurn();
    }
    parser.end();
  })();
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    // Only the parser throws in here (the reader's own errors end this generator without passing through).
    throw new FirmsCsvSyntaxError(error instanceof CsvError ? error.message : String((error as Error).message ?? error));
  } finally {
    parser.destroy();
    await feeding;
  }
}

/**
 * The detections of a FIRMS area CSV (checkFirmsBody first), `chunkRows` at a time: parsed a piece and checked a slice
 * of work at a time (the event loop gets its turns, and the chunk before is being stored meanwhile). Every row is
 * checked; once any is invalid no further chunk is given, and after the last row InvalidFirmsRowsError says which rows
 * are wrong. Broken CSV throws FirmsCsvSyntaxError, a broken column name FirmsResponseError. Valid rows of hot spots
 * that are not vegetation fires are counted in `leftOut`, not given.
 */
export async function* firmsDetectionChunks(body: string, leftOut: LeftOutRows, chunkRows = FIRMS_CHUNK_ROWS): AsyncGenerator<FireDetection[]> {
  checkFirmsBody(body);
  let header: string[] | null = null;
  let rows: string[][] = [];
  let checked = 0;
  const problems = new ListedRowProblems();
  const check = async (): Promise<FireDetection[]> => {
    const chunk: FireDetection[] = [];
    const first = checked;
    await forEachInSlices(rows, (cells, offset) => {
      const detection = checkedRow(header as string[], cells, first + offset + 1, problems, leftOut);
      if (detection && problems.count === 0) chunk.push(detection);
    });
    checked += rows.length;
    rows = [];
    return problems.count === 0 ? chunk : [];
  };
  for await (const record of csvRecords(body)) {
    if (header === null) {
      checkHeader(record);
      header = record;
      continue;
    }
    rows.push(record);
    if (rows.length < chunkRows) continue;
    const chunk = await check();
    if (chunk.length > 0) yield chunk;
  }
  const last = await check();
  if (last.length > 0) yield last;
  if (problems.count > 0) throw new InvalidFirmsRowsError(problems.listed, problems.count, checked);
}
