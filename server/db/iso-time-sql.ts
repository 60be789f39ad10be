// A timestamptz column as the text of an ISO 8601 instant in UTC with milliseconds (2026-11-24T10:00:00.000Z), written
// by PostgreSQL: digits and -:.TZ only, which JSON text may hold as it is.
export function isoTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
