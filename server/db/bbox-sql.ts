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
