// SQL for playback: counts per minute and source, and per map cell, read from the minute rollup only.
import type { Database } from '../db/database.js';
import { gridCellBbox } from '../db/grid-cell.js';
import type { Bbox } from '../http/query-params.js';
import type { EventSourceType } from './event-record.js';

export interface PlaybackFilter {
  from: Date;
  to: Date;
  bbox?: Bbox;
  sources?: EventSourceType[];
}

export interface PlaybackBucket {
  minute: string;
  source: EventSourceType;
  count: number;
}

export interface PlaybackCell {
  cell: number;
  /** [west, south, east, north] of the 1-degree cell. */
  bbox: Bbox;
  count: number;
}

// Cells are 1 degree; a bbox selects the cells it touches (west > east wraps the antimeridian).
// Events without a place (cell -1) count only when no bbox is given.
const CELL_FILTER = `
  ($4::float8 IS NULL OR (r.cell >= 0 AND
     (r.cell / 360 - 90) + 1 > $5::float8 AND (r.cell / 360 - 90) <= $7::float8 AND
     CASE WHEN $4::float8 <= $6::float8
          THEN (r.cell % 360 - 180) + 1 > $4::float8 AND (r.cell % 360 - 180) <= $6::float8
          ELSE (r.cell % 360 - 180) + 1 > $4::float8 OR (r.cell % 360 - 180) <= $6::float8 END))`;

const BUCKETS = `
SELECT r.minute, r.source_type, sum(r.count)::bigint AS count
FROM event_minute_rollup r
WHERE r.minute >= $1 AND r.minute < $2
  AND ($3::event_source_type[] IS NULL OR r.source_type = ANY ($3))
  AND ${CELL_FILTER}
GROUP BY r.minute, r.source_type
ORDER BY r.minute, r.source_type`;

const CELLS = `
SELECT r.cell, sum(r.count)::bigint AS count
FROM event_minute_rollup r
WHERE r.minute >= $1 AND r.minute < $2
  AND ($3::event_source_type[] IS NULL OR r.source_type = ANY ($3))
  AND r.cell >= 0
  AND ${CELL_FILTER}
GROUP BY r.cell
ORDER BY r.cell`;

export class PlaybackRepository {
  constructor(private readonly db: Database) {}

  async read(filter: PlaybackFilter): Promise<{ buckets: PlaybackBucket[]; cells: PlaybackCell[] }> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const params = [filter.from, filter.to, filter.sources ?? null, west, south, east, north];
    const [buckets, cells] = await Promise.all([
      this.db.query<{ minute: Date; source_type: EventSourceType; count: string }>(BUCKETS, params),
      this.db.query<{ cell: number; count: string }>(CELLS, params),
    ]);
    return {
      buckets: buckets.rows.map((row) => ({ minute: row.minute.toISOString(), source: row.source_type, count: Number(row.count) })),
      cells: cells.rows.map((row) => ({ cell: row.cell, bbox: gridCellBbox(row.cell), count: Number(row.count) })),
    };
  }
}
