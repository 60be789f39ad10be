// From which zoom a place is drawn: capitals of 20,000 people or more always, smaller capitals and seats of
// first-level divisions from zoom 5 at the latest, any other place once the map is close enough for its population. Stored with each place, so a tile at low zoom reads the few
// places it may show instead of every place under it.
const POPULATION_BY_ZOOM: ReadonlyArray<readonly [zoom: number, minPopulation: number]> = [
  [0, 2_000_000],
  [3, 1_000_000],
  [4, 300_000],
  [5, 100_000],
  [6, 30_000],
  [7, 15_000],
  [8, 5_000],
  [9, 2_000],
  [10, 0],
];
const SEATS_FROM_ZOOM = 5;
/**
 * A capital smaller than this waits for its population's zoom, or zoom 5: GeoNames marks the capitals of
 * dependencies too (Adamstown, 40 people; Grytviken, Longyearbyen, Stanley, Nuuk), and drawn from zoom 0 with a
 * capital's priority they took the world view's room. Kuwait City (60,000 in GeoNames), Thimphu or Port of Spain stay;
 * the microstates' (Valletta, Vaduz, Monaco) come at zoom 5.
 */
const CAPITAL_ALWAYS_FROM_POPULATION = 20_000;

export function placeMinZoom(population: number, featureCode: string): number {
  if (featureCode === 'PPLC' && population >= CAPITAL_ALWAYS_FROM_POPULATION) return 0;
  const byPopulation = POPULATION_BY_ZOOM.find(([, minPopulation]) => population >= minPopulation)?.[0] ?? 10;
  return featureCode === 'PPLA' || featureCode === 'PPLC' ? Math.min(byPopulation, SEATS_FROM_ZOOM) : byPopulation;
}
