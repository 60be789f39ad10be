// "Paradise, CA", "Paris, Texas", "Lima, Peru": a place's name, then the states or countries it lies in, after commas
// (as people write an address). Positions ("38.58, -121.49") are read before this.

/** Country names people write that are neither an ISO code nor the start of the gazetteer's name for it. */
const COUNTRY_ALIASES: Record<string, string> = { USA: 'US', 'U.S.': 'US', 'U.S.A.': 'US', UK: 'GB', 'U.K.': 'GB' };

export interface RegionQualified {
  name: string;
  regions: string[];
}

/**
 * The name and its regions (none while the first is still to be typed: "Paradise,"), or null when the text has no
 * comma or no name before it.
 */
export function splitRegionQualifier(text: string): RegionQualified | null {
  if (!text.includes(',')) return null;
  const [name, ...rest] = text.split(',').map((part) => part.trim());
  if (!name) return null;
  return { name, regions: rest.filter(Boolean).map((region) => COUNTRY_ALIASES[region.toUpperCase()] ?? region) };
}
