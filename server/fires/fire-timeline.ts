// GET /api/fires/timeline: the fires of a range under the analyst's filter, per minute of acquisition and per 1° map
// cell, for the timeline and the map's past cells while a filter narrows the map. The playback rollup counts every
// stored fire and knows nothing of confidence, power, satellite, day or night or geofence; this reads the detections
// themselves (the covering index of acq_time holds every column the filter and the cells need), so it is asked only
// while a filter is on.
import { invalidInput } from '../domain-errors.js';
import type { Database } from '../db/database.js';
import { gridCellBbox, gridCellSql } from '../db/grid-cell.js';
import { fireFilterCondition, fireFilterParams } from './fire-filter.js';
import { type FireRequest, fireSelection } from './fire-queries.js';
import type { FireRepository } from './fire-repository.js';
import type { FireTimeline } from './fire-schemas.js';

// $1–$4 the bbox (west, south, east, north, or nulls), $5 from, $6 to, $7–$11 the filter. A detection's cell counts
// when it is one the bbox touches, as the rollup's cells are chosen (playback-repository.ts): its latitude from the
// floor of south to the floor of north + 1, its longitude likewise, across the antimeridian when west > east. Its
// minute counts when the bbox holds it, as the playback's minutes and the map's counts take it.
const TIMELINE = `
WITH picked AS (
  SELECT date_trunc('minute', f.acq_time) AS minute,
         ${gridCellSql('f.latitude', 'f.longitude')} AS cell,
         ($1::float8 IS NULL OR (f.latitude BETWEEN $2::float8 AND $4::float8
           AND CASE WHEN $1::float8 <= $3::float8 THEN f.longitude BETWEEN $1::float8 AND $3::float8
                    ELSE f.longitude >= $1::float8 OR f.longitude <= $3::float8 END)) AS in_view
  FROM fires f
  WHERE f.acq_time >= $5 AND f.acq_time < $6
    AND ($1::float8 IS NULL OR (
      f.latitude >= floor($2::float8) AND f.latitude < floor($4::float8) + 1
      AND CASE WHEN $1::float8 <= $3::float8
               THEN f.longitude >= floor($1::float8) AND f.longitude < floor($3::float8) + 1
               ELSE f.longitude >= floor($1::float8) OR f.longitude < floor($3::float8) + 1 END))
    AND ${fireFilterCondition('f', 7)}
)
SELECT minute, NULL::int AS cell, count(*)::int AS count FROM picked WHERE in_view GROUP BY minute
UNION ALL
SELECT NULL, cell, count(*)::int FROM picked GROUP BY cell
ORDER BY minute NULLS LAST, cell`;

export interface FireTimelineRequest extends FireRequest {
  since: Date;
  until: Date;
}

export class FireTimelineQueries {
  constructor(
    private readonly db: Database,
    private readonly fires: FireRepository,
    private readonly maxHours: number,
  ) {}

  async read(request: FireTimelineRequest): Promise<FireTimeline> {
    const { since, until } = request;
    if (since >= until) throw invalidInput('bad_request', 'since must be before until');
    const hours = (until.getTime() - since.getTime()) / 3_600_000;
    if (hours > this.maxHours) throw invalidInput('bad_request', `range is ${hours.toFixed(1)} h; the maximum is ${this.maxHours} h`);
    const selection = await fireSelection(this.fires, request);
    const [west, south, east, north] = selection.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<{ minute: Date | null; cell: number | null; count: number }>(TIMELINE, [
      west, south, east, north, since, until, ...fireFilterParams(selection.filter, selection.fence),
    ]);
    const buckets: FireTimeline['buckets'] = [];
    const cells: FireTimeline['cells'] = [];
    for (const row of rows) {
      if (row.minute) buckets.push({ minute: row.minute.toISOString(), count: row.count });
      else if (row.cell !== null) cells.push({ cell: row.cell, bbox: gridCellBbox(row.cell), count: row.count });
    }
    return { since: since.toISOString(), until: until.toISOString(), buckets, cells };
  }
}
