// The answer of GET /api/fires written from PostgreSQL's own text of each column: no value is parsed into a
// JavaScript number or date and written out again, and no row object is made. PostgreSQL writes a float in its
// shortest exact digits (extra_float_digits ≥ 1, the default), which is a JSON number as it stands. Building the
// same text inside PostgreSQL (json_agg of json_build_object) took longer than the query itself: over 5 million
// stored detections, newest 1,000 in a continent, 13–16 ms against 9–10 ms for this (p50 of 100, same run).

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
export const FIRE_LIST_COLUMNS = `latitude, longitude, to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  satellite, confidence, frp, daynight, instrument`;

/** A float's text as a JSON number; NaN and ±Infinity (which no ingest path stores) as null. */
function jsonNumber(text: string | null): string {
  return text === null || text === 'NaN' || text.endsWith('Infinity') ? 'null' : text;
}

function jsonString(text: string | null): string {
  return text === null ? 'null' : JSON.stringify(text);
}

/** The JSON text of a FireList (fire-schemas.ts) of these rows, in their order. */
export function fireListJson(rows: readonly FireTextRow[]): string {
  const fires = new Array<string>(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const [latitude, longitude, acqTime, satellite, confidence, frp, dayNight, instrument] = rows[index] as FireTextRow;
    fires[index] =
      `{"latitude":${jsonNumber(latitude)},"longitude":${jsonNumber(longitude)},"acqTime":${jsonString(acqTime)},` +
      `"satellite":${jsonString(satellite)},"confidence":${jsonString(confidence)},"frp":${jsonNumber(frp)},` +
      `"dayNight":${jsonString(dayNight)},"instrument":${jsonString(instrument)}}`;
  }
  return `[${fires.join(',')}]`;
}
