// The aircraft an open popup shows, found again in a new read of the aircraft: its popup follows it there with its
// new words (position, altitude, "seen … ago"). It had stood where the aircraft was when clicked, its "24 s ago"
// frozen, while the icon flew on. Pure and DOM-free (`.js` specifiers): unit-tested from Node.
import type { FeatureCollection, Geometry } from 'geojson';
import type { PickProps } from './feature-picking.js';

/** The aircraft `icao24` of a read of the `aircraft` source, as a click on it would give it; null when it is not in it. */
export function followedAircraft(data: FeatureCollection<Geometry>, icao24: string): PickProps | null {
  const wanted = icao24.toLowerCase();
  for (const feature of data.features) {
    if (feature.geometry?.type !== 'Point') continue;
    const props = feature.properties ?? {};
    if (typeof props.icao24 !== 'string' || props.icao24.toLowerCase() !== wanted) continue;
    return { ...props, kind: 'aircraft', position: feature.geometry.coordinates.slice(0, 2) };
  }
  return null;
}
