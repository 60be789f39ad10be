// One real VIIRS row of a FIRMS area CSV, dated yesterday so that it stays inside the acquisition window;
// tests change single fields to see each refused.
export const VIIRS_HEADER = 'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';

export const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export const REAL_VIIRS_ROW: Readonly<Record<string, string>> = {
  latitude: '38.41236',
  longitude: '-122.71044',
  bright_ti4: '337.46',
  scan: '0.41',
  track: '0.37',
  acq_date: YESTERDAY,
  acq_time: '748',
  satellite: 'N',
  instrument: 'VIIRS',
  confidence: 'n',
  version: '2.0NRT',
  bright_ti5: '289.93',
  frp: '6.12',
  daynight: 'N',
};

/** The header and the real row with `changes` applied by field name. */
export function viirsCsv(changes: Record<string, string> = {}): string {
  const row: Record<string, string | undefined> = { ...REAL_VIIRS_ROW, ...changes };
  return `${VIIRS_HEADER}\n${VIIRS_HEADER.split(',')
    .map((field) => row[field])
    .join(',')}\n`;
}
