// The 1° map cells the playback rollup counts by (vantage_grid_cell in 001_initial.sql): cell = (floor(latitude) + 90)
// × 360 + floor(longitude) + 180, latitude and longitude clamped to the cells of the globe. Shared by the rollup's
// playback and the fires' timeline, which number their cells alike.
import type { Bbox } from '../http/query-params.js';

/** The SQL cell of a point's own latitude and longitude columns (no geometry read: an index holding them answers). */
export function gridCellSql(latitude: string, longitude: string): string {
  return `(least(89, greatest(-90, floor(${latitude})))::int + 90) * 360 + (least(179, greatest(-180, floor(${longitude})))::int + 180)`;
}

/** [west, south, east, north] of a cell. */
export function gridCellBbox(cell: number): Bbox {
  const south = Math.floor(cell / 360) - 90;
  const west = (cell % 360) - 180;
  return [west, south, west + 1, south + 1];
}
