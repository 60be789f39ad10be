// The answer of GET /api/fires written from PostgreSQL's own text of each column: no value is parsed into a
// JavaScript number or date and written out again, and no row object is made. PostgreSQL writes a float in its
// shortest exact digits (extra_float_digits ≥ 1, the default), which is a JSON number as it stands. Building the
// same text inside PostgreSQL (json_agg of json_build_object) took longer than the query itself: over 5 million
// stored detections, newest 1,000 in a continent, 13–16 ms against 9–10 ms for this (p50 of 100, same run).
import { isoTimeSql } from '../db/iso-time-sql.js';

/** One row as PostgreSQL's text, in the order of FIRE_LIST_COLUMNS. */
export type FireTextRow = [
  latitude: string,
  longitude: string,
  acqTime: string,
  satellite: string,
  confidence: string | null,
  frp: string | null,
  dayNight: string | null,
  instrument: string | null,
];

/** The select list that gives a FireTextRow (acq_time as ISO 8601 UTC with milliseconds). */
export const FIRE_LIST_COLUMNS = `latitude, longitude, ${isoTimeSql('acq_time')}, satellite, confidence, frp, daynight, instrument`;

/** A float's text as a JSON number; NaN and ±Infinity (which no ingest path stores) as null. */
function jsonNumber(text: string | null): string {
  return text === null || text === 'NaN' || text.endsWith('Infinity') ? 'null' : text;
}

/**
 * The JSON of the text columns, which hold few distinct values (five satellites, l/n/h or a MODIS percent, D/N, two
 * instruments): written once and looked up after that, which halved the time of the whole list. At most
 * TEXT_CACHE_SIZE values are kept; any other is written each time.
 */
const TEXT_CACHE_SIZE = 512;
const textJson = new Map<string, string>();

function jsonString(text: string | null): string {
  if (text === null) return 'null';
  let json = textJson.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    if (textJson.size < TEXT_CACHE_SIZE) textJson.set(text, json);
  }
  return json;
}

/** The elements of a FireList (fire-schemas.ts) of these rows, in their order and comma separated, without the brackets. */
export function fireListElements(rows: readonly FireTextRow[]): string {
  const fires = new Array<string>(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] as FireTextRow;
    // acqTime is isoTimeSql's text: nothing to escape.
    fires[index] =
      '{"latitude":' + jsonNumber(row[0]) + ',"longitude":' + jsonNumber(row[1]) + ',"acqTime":"' + row[2] +
      '","satellite":' + jsonString(row[3]) + ',"confidence":' + jsonString(row[4]) + ',"frp":' + jsonNumber(row[5]) +
      ',"dayNight":' + jsonString(row[6]) + ',"instrument":' + jsonString(row[7]) + '}';
  }
  return fires.join(',');
}
