// A drawn shape's bounding box as FIRMS's area parameter takes it: `west,south,east,north`, to a thousandth of a degree
// (about 100 m), widened outwards so the shape stays inside. Pure: unit-tested from Node.
import type { Polygon } from 'geojson';

export function bboxOfShape(shape: Polygon): string {
  const ring = shape.coordinates[0] ?? [];
  const lons = ring.map((position) => position[0] ?? 0);
  const lats = ring.map((position) => position[1] ?? 0);
  const down = (value: number) => Math.floor(value * 1000) / 1000;
  const up = (value: number) => Math.ceil(value * 1000) / 1000;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [
    clamp(down(Math.min(...lons)), 180),
    clamp(down(Math.min(...lats)), 90),
    clamp(up(Math.max(...lons)), 180),
    clamp(up(Math.max(...lats)), 90),
  ].join(',');
}
