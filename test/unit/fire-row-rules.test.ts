// The row rules shared by the FIRMS CSV (POST /api/ingest/fires and the poller) and the JSON form.
import { describe, expect, it } from 'vitest';
import { acquisitionWindowProblem, detectionFromJson, fireJsonSchema, MAX_FRP_MW } from '../../server/fires/fire-detection.js';
import { parseFirmsCsv } from '../../server/fires/firms-csv.js';
import { firmsFixture } from '../support/fake-firms.js';
import { REAL_VIIRS_ROW, VIIRS_HEADER, viirsCsv, YESTERDAY } from '../support/viirs-csv-row.js';

const HEADER = VIIRS_HEADER;
const FIELDS = VIIRS_HEADER.split(',');
const REAL = REAL_VIIRS_ROW;
const csvWith = viirsCsv;

function problemsOf(changes: Record<string, string>): string {
  const { detections, problems } = parseFirmsCsv(csvWith(changes));
  expect(detections, JSON.stringify(changes)).toEqual([]);
  expect(problems, JSON.stringify(changes)).toHaveLength(1);
  return problems[0]!.errors.join(' ');
}

describe('FIRMS CSV row rules', () => {
  it('a real FIRMS row is accepted, with the FIRMS quirks (unpadded HHMM, l/n/h or 0–100 confidence, empty FRP)', () => {
    const { detections, problems } = parseFirmsCsv(csvWith({}));
    expect(problems).toEqual([]);
    expect(detections[0]).toMatchObject({ latitude: 38.41236, longitude: -122.71044, acqTime: `${YESTERDAY}T07:48:00.000Z`, frp: 6.12, brightness: 337.46, scan: 0.41 });
    const quirks: Record<string, string>[] = [{ acq_time: '5' }, { acq_time: '45' }, { confidence: 'h' }, { confidence: '100' }, { confidence: '' }, { frp: '' }, { bright_ti5: '' }];
    for (const changes of quirks) {
      expect(parseFirmsCsv(csvWith(changes)).problems, JSON.stringify(changes)).toEqual([]);
    }
    expect(parseFirmsCsv(firmsFixture('modis.csv')).problems).toEqual([]);
    expect(parseFirmsCsv(firmsFixture('viirs-snpp.csv')).problems).toEqual([]);
  });

  it('refuses blank, hex and missing coordinates instead of reading them as 0 or 16', () => {
    expect(problemsOf({ latitude: '' })).toMatch(/latitude: is required/);
    expect(problemsOf({ longitude: '' })).toMatch(/longitude: is required/);
    expect(problemsOf({ latitude: '0x10' })).toMatch(/latitude: must be a decimal number/);
    expect(problemsOf({ longitude: '1e3' })).toMatch(/longitude: must be within -180..180/);
    const missing = parseFirmsCsv(`latitude,longitude,acq_date,acq_time,satellite\n,5,${YESTERDAY},748,N\n`);
    expect(missing.problems[0]?.errors.join(' ')).toMatch(/latitude/);
  });

  it('refuses numbers that are not finite or not physical', () => {
    expect(problemsOf({ frp: 'Infinity' })).toMatch(/frp: must be a decimal number/);
    expect(problemsOf({ frp: '1e39' })).toMatch(/frp: must be within 0..100000/);
    expect(problemsOf({ frp: '-5' })).toMatch(/frp/);
    expect(problemsOf({ frp: 'NaN' })).toMatch(/frp/);
    expect(problemsOf({ bright_ti4: '-1e300' })).toMatch(/bright_ti4/);
    expect(problemsOf({ bright_ti5: '5000' })).toMatch(/bright_ti5/);
    expect(problemsOf({ scan: '1e10' })).toMatch(/scan/);
    expect(problemsOf({ track: '0x1' })).toMatch(/track/);
  });

  it('refuses NUL in any field, and a column name with NUL is not a FIRMS CSV', () => {
    expect(problemsOf({ satellite: 'N\u0000' })).toMatch(/satellite: .*NUL/);
    expect(problemsOf({ version: '2.0\u0000NRT' })).toMatch(/version: .*NUL/);
    expect(problemsOf({ instrument: '\u0000' })).toMatch(/instrument/);
    expect(problemsOf({ acq_date: `${YESTERDAY}\u0000` })).toMatch(/acq_date/);
    const extraColumn = parseFirmsCsv(`${HEADER},type\n${FIELDS.map((field) => REAL[field]).join(',')},a\u0000b\n`);
    expect(extraColumn.problems[0]?.errors.join(' ')).toMatch(/type: .*NUL/);
    expect(() => parseFirmsCsv(`${HEADER},ty\u0000pe\n${FIELDS.map((field) => REAL[field]).join(',')},x\n`)).toThrow(/column name/);
  });

  it('refuses dates outside the satellite record or the calendar', () => {
    expect(problemsOf({ acq_date: '0001-01-01' })).toMatch(/before the satellite fire record \(2000-11-01\)/);
    expect(problemsOf({ acq_date: '9999-12-31' })).toMatch(/more than a day in the future/);
    expect(problemsOf({ acq_date: '2026-02-30' })).toMatch(/not a date and HHMM time/);
    expect(problemsOf({ acq_date: '2000-10-31' })).toMatch(/before the satellite fire record/);
    expect(parseFirmsCsv(csvWith({ acq_date: '2000-11-01' })).problems).toEqual([]);
  });

  it('the window: 2000-11-01 to a day ahead', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(acquisitionWindowProblem('2000-11-01T00:00:00.000Z', now)).toBeNull();
    expect(acquisitionWindowProblem('2026-11-21T11:59:00.000Z', now)).toBeNull();
    expect(acquisitionWindowProblem('2026-11-21T12:01:00.000Z', now)).toMatch(/future/);
    expect(acquisitionWindowProblem('2000-10-31T23:59:00.000Z', now)).toMatch(/record/);
  });
});

describe('FIRMS JSON row rules', () => {
  const base = { latitude: 38.4, longitude: -122.7, acq_time: `${YESTERDAY}T07:48:00Z`, satellite: 'N', confidence: 'h', frp: 11.2 };
  const convert = (item: Record<string, unknown>) => {
    const shape = fireJsonSchema.safeParse(item);
    if (!shape.success) return { errors: shape.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
    return detectionFromJson(shape.data);
  };
  const errorsOf = (item: Record<string, unknown>) => {
    const result = convert(item);
    expect('errors' in result, JSON.stringify(item)).toBe(true);
    return 'errors' in result ? result.errors.join(' ') : '';
  };

  it('a real detection is accepted, by ISO instant or by date + HHMM', () => {
    expect(convert(base)).toMatchObject({ detection: { acqTime: `${YESTERDAY}T07:48:00.000Z`, frp: 11.2, confidence: 'h' } });
    expect(convert({ ...base, acq_time: undefined, acq_date: YESTERDAY, acq_hhmm: 45, confidence: 55 })).toMatchObject({
      detection: { acqTime: `${YESTERDAY}T00:45:00.000Z`, confidence: '55' },
    });
    expect(convert({ ...base, acq_time: `${YESTERDAY}T09:48:00+02:00` })).toMatchObject({ detection: { acqTime: `${YESTERDAY}T07:48:00.000Z` } });
    // A FIRMS row as it comes: acq_time is its HHMM, read with acq_date (it was refused: "must be ISO 8601").
    expect(convert({ ...base, acq_time: '0241', acq_date: YESTERDAY })).toMatchObject({ detection: { acqTime: `${YESTERDAY}T02:41:00.000Z` } });
    expect(convert({ ...base, acq_time: 241, acq_date: YESTERDAY })).toMatchObject({ detection: { acqTime: `${YESTERDAY}T02:41:00.000Z` } });
  });

  it('refuses FIRMS\'s HHMM without its date, and an HHMM that is no time of day', () => {
    expect(errorsOf({ ...base, acq_time: '0241' })).toMatch(/acq_date \+ acq_time or acq_hhmm/);
    expect(errorsOf({ ...base, acq_time: '2475', acq_date: YESTERDAY })).toMatch(/acq_time|acq_date/);
    expect(errorsOf({ ...base, acq_time: 'yesterday', acq_date: YESTERDAY })).toMatch(/ISO 8601 date-time with a zone \(Z or ±hh:mm\), or FIRMS's HHMM with acq_date/);
  });

  it('refuses NUL, unbounded numbers and impossible dates', () => {
    expect(errorsOf({ ...base, satellite: 'N\u0000' })).toMatch(/satellite/);
    expect(errorsOf({ ...base, instrument: 'VIIRS\u0000' })).toMatch(/instrument/);
    expect(errorsOf({ ...base, confidence: 'h\u0000' })).toMatch(/confidence/);
    expect(errorsOf({ ...base, frp: 1e39 })).toMatch(/frp/);
    expect(errorsOf({ ...base, frp: MAX_FRP_MW + 1 })).toMatch(/frp/);
    expect(errorsOf({ ...base, brightness: -1e300 })).toMatch(/brightness/);
    expect(errorsOf({ ...base, scan: 1e6 })).toMatch(/scan/);
    expect(errorsOf({ ...base, latitude: 91 })).toMatch(/latitude/);
    expect(errorsOf({ ...base, acq_time: '0001-01-01T00:00:00Z' })).toMatch(/before the satellite fire record/);
    expect(errorsOf({ ...base, acq_time: '9999-01-01T00:00:00Z' })).toMatch(/future/);
    expect(errorsOf({ ...base, acq_time: '2026-02-30T00:00:00Z' })).toMatch(/acq_time/);
    expect(errorsOf({ ...base, acq_time: undefined, acq_date: '2026-02-30', acq_hhmm: '100' })).toMatch(/acq_date/);
    expect(errorsOf({ ...base, acq_time: undefined, acq_date: '0001-01-01', acq_hhmm: '100' })).toMatch(/before the satellite fire record/);
    expect(errorsOf({ ...base, acq_time: undefined, acq_date: YESTERDAY, acq_hhmm: 1e39 })).toMatch(/acq_hhmm/);
  });
});
