// The CSV of an export: one file, a `layer` column first, then latitude and longitude, then the union of the asked
// layers' columns (a cell is empty where a layer has no such column). Text from outside sources (incident names,
// callsigns) cannot turn into a spreadsheet formula: a cell starting with = + - @ tab or CR gets a leading
// apostrophe, as OWASP advises against CSV injection. A UTF-8 byte order mark leads, so Excel reads accented
// names as UTF-8 (csv-parse, pandas and LibreOffice skip it).
import { stringify } from 'csv-stringify/sync';
import type { ExportLayer, ExportValue } from './export-rows.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that a spreadsheet reads as text, never as a formula. */
export function inertCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function exportCsv(layers: readonly ExportLayer[]): string {
  const valueColumns = [...new Set(layers.flatMap((layer) => layer.columns))];
  const columns = ['layer', 'latitude', 'longitude', ...valueColumns];
  const records = layers.flatMap((layer) =>
    layer.rows.map((row): ExportValue[] => [layer.name, row.latitude, row.longitude, ...valueColumns.map((column) => row.values[column] ?? null)]),
  );
  return stringify(records, {
    bom: true,
    header: true,
    columns,
    // Windows line ends, as RFC 4180 and spreadsheets expect.
    record_delimiter: 'windows',
    cast: { string: inertCell, boolean: (value) => (value ? 'true' : 'false') },
  });
}
