// Measuring on the map: the length of a path of clicked points and the bearing of its last leg, on the WGS84
// ellipsoid (GeographicLib, as PostGIS's geography measures the server's distances), and the line to draw along it.
// Pure (no DOM): unit-tested from Node.
import geodesic from 'geographiclib-geodesic';

export type LonLat = [lon: number, lat: number];

export interface PathMeasure {
  /** Points placed so far. */
  points: number;
  /** Along every leg, in metres. */
  metres: number;
  /** The last leg's initial bearing, degrees true in [0, 360); null before there are two distinct points. */
  bearing: number | null;
  /** The figures as the readout writes them. */
  text: { km: string; mi: string; nm: string; bearing: string | null };
  /** The points with longitudes carried on across the antimeridian, so the drawn line takes the short way. */
  vertices: LonLat[];
  /** The path along the geodesics (a straight line on the screen is not one): what the map draws. */
  track: LonLat[];
}

const METRES_PER_MILE = 1609.344;
const METRES_PER_NAUTICAL_MILE = 1852;
/** Long legs curve on a Mercator map: one track point every 25 km (at most 256 a leg) draws the curve smoothly. */
const TRACK_STEP_METRES = 25_000;
const MAX_TRACK_PIECES = 256;
const COMPASS_POINTS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'] as const;

const { Geodesic } = geodesic;
const WGS84 = Geodesic.WGS84;

/** One of the 16 compass points for a bearing in degrees true. */
export function compassPoint(bearing: number): string {
  const index = Math.round(normalBearing(bearing) / 22.5) % 16;
  return COMPASS_POINTS[index]!;
}

/** Degrees true in [0, 360). */
export function normalBearing(degrees: number): number {
  const wrapped = ((degrees % 360) + 360) % 360;
  // -1e-15 wraps to 360 in floating point.
  return wrapped >= 360 ? 0 : wrapped;
}

/** "247° WSW": whole degrees (359.6 reads 0°, not 360°) and the compass point. */
export function formatBearing(bearing: number): string {
  return `${Math.round(normalBearing(bearing)) % 360}° ${compassPoint(bearing)}`;
}

/** Three significant-ish figures for short lengths, whole units with thousands separators for long ones. */
export function formatLength(value: number): string {
  if (value < 10) return value.toFixed(2);
  if (value < 1000) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

export function formatLengths(metres: number): PathMeasure['text'] {
  return {
    km: `${formatLength(metres / 1000)} km`,
    mi: `${formatLength(metres / METRES_PER_MILE)} mi`,
    nm: `${formatLength(metres / METRES_PER_NAUTICAL_MILE)} nm`,
    bearing: null,
  };
}

export function measurePath(points: readonly LonLat[]): PathMeasure {
  const [first] = points;
  const vertices: LonLat[] = first ? [[first[0], first[1]]] : [];
  const track: LonLat[] = first ? [[first[0], first[1]]] : [];
  let metres = 0;
  let bearing: number | null = null;
  for (const point of points.slice(1)) {
    const from = vertices[vertices.length - 1]!;
    const leg = WGS84.InverseLine(from[1], from[0], point[1], point[0]);
    const length = leg.s13;
    const pieces = Math.min(MAX_TRACK_PIECES, Math.max(1, Math.ceil(length / TRACK_STEP_METRES)));
    for (let piece = 1; piece <= pieces; piece += 1) {
      // LONG_UNROLL: longitudes run on past ±180 instead of jumping back, so the line crosses the antimeridian.
      const at = leg.Position((length * piece) / pieces, Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL);
      track.push([at.lon2!, at.lat2!]);
    }
    vertices.push(track[track.length - 1]!);
    metres += length;
    // A repeated point (the two clicks of a double-click) has no direction: the last real leg's bearing stands.
    if (length > 0) bearing = normalBearing(leg.azi1);
  }
  return {
    points: points.length,
    metres,
    bearing,
    text: { ...formatLengths(metres), bearing: bearing === null ? null : formatBearing(bearing) },
    vertices,
    track,
  };
}
