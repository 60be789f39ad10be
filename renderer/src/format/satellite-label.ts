// A satellite by the name the filters give it, with the FIRMS code the exports carry ("Suomi NPP (N)", "Terra").
import { SATELLITES } from '../data/view-filter.js';

export function satelliteLabel(code: string | null): string | null {
  const known = SATELLITES.find((satellite) => satellite.code === code);
  if (!known) return code;
  return known.name === known.code ? known.name : `${known.name} (${known.code})`;
}
