// The SQL condition "geometry meets this bbox", shared by the repositories. A bbox whose west is east
// of its east crosses the antimeridian and becomes two envelopes. The bbox comes as four parameters.
export function bboxCondition(geometry: string, firstParam: number): string {
  const [west, south, east, north] = [0, 1, 2, 3].map((offset) => `$${firstParam + offset}::float8`);
  return `(${west} IS NULL OR (
    CASE WHEN ${west} <= ${east}
         THEN ${geometry} && ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326)
         ELSE ${geometry} && ST_MakeEnvelope(${west}, ${south}, 180, ${north}, 4326)
           OR ${geometry} && ST_MakeEnvelope(-180, ${south}, ${east}, ${north}, 4326)
    END))`;
}

/**
 * The same condition on a point's own latitude/longitude columns: plain comparisons that an index holding
 * those columns answers without reading the geometry (the fire list's covering index).
 */
export function pointBboxCondition(latitude: string, longitude: string, firstParam: number): string {
  const [west, south, east, north] = [0, 1, 2, 3].map((offset) => `$${firstParam + offset}::float8`);
  return `(${west} IS NULL OR (
    ${latitude} BETWEEN ${south} AND ${north}
    AND CASE WHEN ${west} <= ${east}
             THEN ${longitude} BETWEEN ${west} AND ${east}
             ELSE ${longitude} >= ${west} OR ${longitude} <= ${east}
        END))`;
}
