// Natural Earth shapes are cut at ±180°. Drawn on a flat map, a ring that jumps from +180 to -180
// smears a band across the world; unwrapping keeps it continuous (MapLibre draws beyond ±180 fine).
import type { Feature, FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';

function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  return ring.map((point, index) => {
    const previous = ring[index - 1];
    if (previous) {
      const jump = point[0]! - previous[0]!;
      if (jump > 180) offset -= 360;
      else if (jump < -180) offset += 360;
    }
    return [point[0]! + offset, point[1]!];
  });
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

export function unwrapPolygons(collection: FeatureCollection): FeatureCollection {
  return { ...collection, features: collection.features.map((feature: Feature) => ({ ...feature, geometry: unwrapGeometry(feature.geometry) })) };
}

const onCut = (point: Position) => Math.abs(point[0]!) >= 179.999;

/** Lines are split where they jump across the map, and the cut edges along ±180 dropped. */
export function splitLinesAtAntimeridian(lines: MultiLineString): MultiLineString {
  const parts: Position[][] = [];
  for (const line of lines.coordinates) {
    let current: Position[] = [];
    line.forEach((point, index) => {
      const previous = line[index - 1];
      if (previous && (Math.abs(point[0]! - previous[0]!) > 180 || (onCut(point) && onCut(previous)))) {
        if (current.length > 1) parts.push(current);
        current = [];
      }
      current.push(point);
    });
    if (current.length > 1) parts.push(current);
  }
  return { type: 'MultiLineString', coordinates: parts };
}
