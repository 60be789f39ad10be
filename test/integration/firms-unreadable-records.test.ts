// A FIRMS answer is outside input: a record csv-parse cannot read (a cell too many, a stray quote) is a refused row,
// counted with its line and its reason, and the poll stores the other rows, as it does for a row with a bad value.
// Before, one such record failed the whole poll ("FIRMS answer could not be read as CSV"), and in a keyless global
// file the rows after it. POST /api/ingest/fires still refuses such a body whole (fires.test.ts): nothing of a
// refused request is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MAP_KEY = 'abcdef0123456789abcdef0123456789';
const GLOBAL_SNPP = '/data/active_fire/suomi-npp-viirs-c2/csv/SUOMI_VIIRS_C2_Global_24h.csv';
const HEADER = 'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const row = (latitude: number, instrument = 'VIIRS', extra = '') =>
  `${latitude},-122.71044,337.46,0.41,0.37,${YESTERDAY},748,N,${instrument},n,2.0NRT,289.93,6.12,N${extra}`;

/** Rows 1 and 5 are good; 2 has a cell too many, 3 a quote inside a cell, 4 a latitude out of range. */
const CSV = [HEADER, row(38.1), row(38.2, 'VIIRS', ',surplus'), row(38.3, 'VI"IRS'), row(99), row(38.4), ''].join('\n');
const LATITUDE = 'latitude: must be within -90..90';

const reasonsOf = (rejected: { reasons: { reason: string; examples: string[] }[] }) =>
  Object.fromEntries(rejected.reasons.map((entry) => [entry.reason, entry.examples]));

describe('FIRMS records csv-parse cannot read', () => {
  let firms: FakeFirms;
  let keyed: TestApp;
  let keyless: TestApp;
  const runJob = async (subject: TestApp) => subject.app.inject({ method: 'POST', url: '/api/jobs/fires', headers: authorized });
  const latitudes = async (subject: TestApp) =>
    (await queryOnce<{ latitude: number }>(subject.database.url, 'SELECT latitude FROM fires ORDER BY latitude')).map((stored) => stored.latitude);

  beforeAll(async () => {
    firms = await startFakeFirms();
    firms.answer = { raw: CSV, status: 200 };
    firms.globalFiles = { [GLOBAL_SNPP]: { raw: CSV, status: 200 } };
    keyed = await createTestApp({ ingesterEnabled: false, settings: { FIRE_API_URL: firms.url, FIRE_MAP_KEY: MAP_KEY } });
    keyless = await createTestApp({ ingesterEnabled: false, settings: { FIRE_API_URL: firms.url, FIRE_GLOBAL_FILES: 'snpp' } });
  });
  afterAll(async () => {
    await keyed?.close();
    await keyless?.close();
    await firms?.close();
  });

  it('the area API poll stores the good rows and counts each unreadable one with its line', async () => {
    const response = await runJob(keyed);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ mode: 'area-api', received: 2, stored: 2, invalidRows: 3 });
    // Each row numbered by its place in the file, the unreadable ones counted: the latitude's row is 4, not 2.
    expect(reasonsOf(result.rejected)).toEqual({
      'unreadable CSV: not as many cells as the header': ['row 2'],
      'unreadable CSV: a quote inside a cell': ['row 3'],
      [LATITUDE]: ['row 4'],
    });
    expect(await latitudes(keyed)).toEqual([38.1, 38.4]);
  });

  it('a keyless global file: the same, and the rows after the unreadable ones are read', async () => {
    const response = await runJob(keyless);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ mode: 'global-24h', received: 2, stored: 2, invalidRows: 3 });
    expect(result.files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'downloaded' });
    expect(reasonsOf(result.rejected)).toEqual({
      'has 15 cells; the header has 14': ['SUOMI_VIIRS_C2_Global_24h.csv row 2'],
      'unreadable CSV: a quote inside a cell': ['SUOMI_VIIRS_C2_Global_24h.csv row 3'],
      [LATITUDE]: ['SUOMI_VIIRS_C2_Global_24h.csv row 4'],
    });
    expect(await latitudes(keyless)).toEqual([38.1, 38.4]);
  });

  it('a quote never closed, or a header that cannot be read, fails the answer: nothing of it is taken for rows', async () => {
    for (const [body, message] of [
      [[HEADER, row(39.1), row(39.2, '"VIIRS'), row(39.3), ''].join('\n'), /a quote opened after row 1 is never closed: the answer is cut off or broken/],
      [[`${HEADER},"extra"x`, row(39.4, 'VIIRS', ',1'), ''].join('\n'), /the header cannot be read/],
    ] as const) {
      firms.answer = { raw: body, status: 200 };
      const response = await runJob(keyed);
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().error.message).toMatch(message);
    }
    expect(await latitudes(keyed)).toEqual([38.1, 38.4]);
  });
});
