// "Paradise, CA", "Paris, Texas", "Lima, Peru": a place's name, then the states or countries it lies in, after commas
// (as people write an address). Positions ("38.58, -121.49") are read before this.

/** Country names people write that are neither an ISO code nor the start of the gazetteer's name for it. */
const COUNTRY_ALIASES: Record<string, string> = { USA: 'US', 'U.S.': 'US', 'U.S.A.': 'US', UK: 'GB', 'U.K.': 'GB' };

export interface RegionQualified {
  name: string;
  regions: string[];
}

/** The name and its regions, or null when the text has no comma, or nothing on either side of one. */
export function splitRegionQualifier(text: string): RegionQualified | null {
  const [name, ...rest] = text.split(',').map((part) => part.trim());
  const regions = rest.filter(Boolean).map((region) => COUNTRY_ALIASES[region.toUpperCase()] ?? region);
  if (!name || regions.length === 0) return null;
  return { name, regions };
}
