// SQL for playback: counts per minute and source (exactly in a bbox: view-cells.ts), and per map cell, from the minute
// rollup and, along a view's edges, the events themselves.
import type { Database } from '../db/database.js';
import { gridCellBbox } from '../db/grid-cell.js';
import type { Bbox } from '../http/query-params.js';
import type { EventSourceType } from './event-record.js';
import { type ViewBox, viewBoxes } from './view-cells.js';

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

// Without a bbox: every event's minute, from the rollup alone.
const ALL_BUCKETS = `
SELECT r.minute, r.source_type, sum(r.count)::bigint AS count
FROM event_minute_rollup r
WHERE r.minute >= $1 AND r.minute < $2
  AND ($3::event_source_type[] IS NULL OR r.source_type = ANY ($3))
GROUP BY r.minute, r.source_type
ORDER BY r.minute, r.source_type`;

// A view exactly (view-cells.ts), in one box or two (across the antimeridian): the whole cells inside a box from the
// rollup, and the events in its edge strips outside those cells from the rows, through the geometry index. Each box
// takes 20 parameters after the range's three: its whole cells as the cell numbers' range and their longitudes' range
// (cells count latitude-major, so a box's cells lie between its first and last; an empty range, 1 to 0, for none), then
// its four strips, each [west, south, east, north]. The rollup's rows are chosen by the cell numbers' range alone (the
// box's band of latitudes), which PostgreSQL estimates from the column's statistics, and their longitudes tested in
// the sum: tested in the WHERE, latitude and longitude were estimated at a dozen rows of a week's million, and the
// sums were sorted instead of hashed (1.5 s against 0.75 s over a million rows of 7 days).
const BOX_PARAMS = 20;
const inBand = (cell: string, first: number) => `${cell} BETWEEN $${first}::int AND $${first + 1}::int`;
const inCells = (cell: string, first: number) => `(${inBand(cell, first)} AND ${cell} % 360 BETWEEN $${first + 2}::int AND $${first + 3}::int)`;
const inStrips = (first: number) =>
  [4, 8, 12, 16].map((offset) => `e.geom && ST_MakeEnvelope($${first + offset}::float8, $${first + offset + 1}::float8, $${first + offset + 2}::float8, $${first + offset + 3}::float8, 4326)`).join(' OR ');
function viewBucketsSql(boxCount: number): string {
  const firsts = Array.from({ length: boxCount }, (_, box) => 4 + box * BOX_PARAMS);
  const cellsOf = (cell: string) => firsts.map((first) => inCells(cell, first)).join(' OR ');
  return `
SELECT minute, source_type, sum(count)::bigint AS count FROM (
  SELECT r.minute, r.source_type, sum(r.count) FILTER (WHERE ${cellsOf('r.cell')}) AS count
  FROM event_minute_rollup r
  WHERE r.minute >= $1 AND r.minute < $2
    AND ($3::event_source_type[] IS NULL OR r.source_type = ANY ($3))
    AND (${firsts.map((first) => inBand('r.cell', first)).join(' OR ')})
  GROUP BY r.minute, r.source_type
  UNION ALL
  SELECT date_trunc('minute', e.occurred_at), e.source_type, count(*)
  FROM events e
  WHERE e.occurred_at >= $1 AND e.occurred_at < $2
    AND ($3::event_source_type[] IS NULL OR e.source_type = ANY ($3))
    AND (${firsts.map(inStrips).join(' OR ')})
    AND NOT (${cellsOf('vantage_grid_cell(e.geom)')})
  GROUP BY 1, 2
) counted
WHERE count IS NOT NULL
GROUP BY minute, source_type
ORDER BY minute, source_type`;
}
const VIEW_BUCKETS = [viewBucketsSql(1), viewBucketsSql(2)] as const;

/** A box's 20 parameters (see viewBucketsSql). */
function boxParams({ inner, strips }: ViewBox): number[] {
  const cells = inner ? [cellNumber(inner[0], inner[1]), cellNumber(inner[2], inner[3]), inner[0] + 180, inner[2] + 180] : [1, 0, 1, 0];
  return [...cells, ...[0, 1, 2, 3].flatMap((index) => strips[index] ?? strips[0]!)];
}

/** vantage_grid_cell's number of the cell whose west and south edges these are. */
function cellNumber(west: number, south: number): number {
  return (south + 90) * 360 + (west + 180);
}

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
    const [buckets, cells] = await Promise.all([this.buckets(filter), this.db.query<{ cell: number; count: string }>(CELLS, params)]);
    return {
      buckets,
      cells: cells.rows.map((row) => ({ cell: row.cell, bbox: gridCellBbox(row.cell), count: Number(row.count) })),
    };
  }

  /**
   * The events per minute and source: of the whole world, or exactly those a bbox holds (as the map's counts take
   * them: the geometry meets the box), not every event of the cells it touches (a view of London at zoom 10 counted
   * the news of a whole degree around it, none of which the map drew).
   */
  private async buckets(filter: PlaybackFilter): Promise<PlaybackBucket[]> {
    const common = [filter.from, filter.to, filter.sources ?? null];
    type Row = { minute: Date; source_type: EventSourceType; count: string };
    if (!filter.bbox) return (await this.db.query<Row>(ALL_BUCKETS, common)).rows.map(toBucket);
    const boxes = viewBoxes(filter.bbox);
    const { rows } = await this.db.query<Row>(VIEW_BUCKETS[boxes.length - 1]!, [...common, ...boxes.flatMap(boxParams)]);
    return rows.map(toBucket);
  }
}

function toBucket(row: { minute: Date; source_type: EventSourceType; count: string }): PlaybackBucket {
  return { minute: row.minute.toISOString(), source: row.source_type, count: Number(row.count) };
}
