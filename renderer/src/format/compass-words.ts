// A bearing and a distance as an analyst says them: "840 km south-west". Pure (`.js` specifiers): unit-tested. Not
// the ruler's compassPoint (map/measure-path.ts: 16 points, abbreviated), which is loaded with GeographicLib on demand.

const POINTS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;

/** The nearest of eight compass points to a bearing (degrees clockwise from north). */
export function compassPoint(bearingDeg: number): (typeof POINTS)[number] {
  const normal = ((bearingDeg % 360) + 360) % 360;
  return POINTS[Math.round(normal / 45) % 8] as (typeof POINTS)[number];
}

/** "840 km", "12 km", "0.4 km", with miles after it: "840 km (522 mi)". */
export function distanceWords(km: number): string {
  const round = (value: number) => (value >= 10 ? Math.round(value).toLocaleString('en') : (Math.round(value * 10) / 10).toLocaleString('en'));
  return `${round(km)} km (${round(km / 1.609344)} mi)`;
}
