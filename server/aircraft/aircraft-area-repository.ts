// Where to look for aircraft when no receiver is set: the places of active incidents and recent fire detections,
// gathered by PostGIS into grid cells (ST_SnapToGrid), busiest first. Each cell answers with the centre of what it
// holds and how far its farthest incident or fire lies from that centre, so one point query can cover all of it.
import type { Database } from '../db/database.js';

/** Cell size of the grid incidents and fires are gathered on (degrees): a cell's farthest member is ≤ ~85 nm away. */
export const AREA_CELL_DEGREES = 2;

const METRES_PER_NM = 1852;

// Incidents count as active until fully contained (or gone from the feed), prescribed burns never (planned and held
// by ground crews: a third of a spring's layer, whose point queries would take the rate limit's turns from
// wildfires); fires while they are recent. The cell is the grid node
// ST_SnapToGrid moves a point to; only the cells kept are measured.
const WATCH_AREAS = `
WITH sources AS (
  SELECT geom, 1 AS incident, 0 AS fire FROM current_incidents
  WHERE (percent_contained IS NULL OR percent_contained < 100) AND kind IS DISTINCT FROM 'prescribed'
  UNION ALL
  SELECT geom, 0, 1 FROM fires WHERE acq_time >= $1
), cells AS (
  SELECT ST_X(ST_SnapToGrid(geom, $2)) AS cx, ST_Y(ST_SnapToGrid(geom, $2)) AS cy, geom, incident, fire FROM sources
), busiest AS (
  SELECT cx, cy, ST_Centroid(ST_Collect(geom)) AS centre, sum(incident)::int AS incidents, sum(fire)::int AS fires
  FROM cells
  GROUP BY cx, cy
  ORDER BY count(*) DESC, sum(incident) DESC, cy, cx
  LIMIT $3
)
SELECT ST_Y(b.centre) AS latitude, ST_X(b.centre) AS longitude, b.incidents, b.fires,
       max(ST_Distance(b.centre::geography, c.geom::geography)) / ${METRES_PER_NM} AS spread_nm
FROM busiest b JOIN cells c ON c.cx = b.cx AND c.cy = b.cy
GROUP BY b.cx, b.cy, b.centre, b.incidents, b.fires
ORDER BY b.incidents + b.fires DESC, b.incidents DESC, b.cy, b.cx`;

export interface WatchArea {
  latitude: number;
  longitude: number;
  /** Active incidents in the cell. */
  incidents: number;
  /** Fire detections in the cell since `fireSince`. */
  fires: number;
  /** Distance from the centre to the farthest incident or fire of the cell (nautical miles). */
  spreadNm: number;
}

export class AircraftAreaRepository {
  constructor(private readonly db: Database) {}

  /** The busiest `limit` cells of active incidents and fires detected since `fireSince`, busiest first. */
  async watchAreas(fireSince: Date, limit: number): Promise<WatchArea[]> {
    if (limit <= 0) return [];
    const { rows } = await this.db.query<{ latitude: number; longitude: number; incidents: number; fires: number; spread_nm: number }>(WATCH_AREAS, [
      fireSince,
      AREA_CELL_DEGREES,
      limit,
    ]);
    return rows.map((row) => ({ latitude: row.latitude, longitude: row.longitude, incidents: row.incidents, fires: row.fires, spreadNm: row.spread_nm }));
  }
}
