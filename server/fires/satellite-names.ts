// FIRMS' satellite codes as a person reads them, and the instrument each carries in FIRMS' products (its global MODIS
// files have no instrument column: the satellite says which).
const SATELLITES: Record<string, { name: string; instrument: 'VIIRS' | 'MODIS' }> = {
  N: { name: 'Suomi NPP', instrument: 'VIIRS' },
  N20: { name: 'NOAA-20', instrument: 'VIIRS' },
  N21: { name: 'NOAA-21', instrument: 'VIIRS' },
  Terra: { name: 'Terra', instrument: 'MODIS' },
  Aqua: { name: 'Aqua', instrument: 'MODIS' },
};

/** "NOAA-20" for N20; an unknown code as it is. */
export function satelliteName(code: string): string {
  return SATELLITES[code]?.name ?? code;
}

/** The instrument a detection of this satellite was made with, or null for an unknown satellite. */
export function instrumentOfSatellite(code: string): string | null {
  return SATELLITES[code]?.instrument ?? null;
}
