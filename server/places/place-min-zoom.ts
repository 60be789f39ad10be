// From which zoom a place is drawn: capitals always, seats of first-level divisions from zoom 5, any other place
// once the map is close enough for its population. Stored with each place, so a tile at low zoom reads the few
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

export function placeMinZoom(population: number, featureCode: string): number {
  if (featureCode === 'PPLC') return 0;
  const byPopulation = POPULATION_BY_ZOOM.find(([, minPopulation]) => population >= minPopulation)?.[0] ?? 10;
  return featureCode === 'PPLA' ? Math.min(byPopulation, SEATS_FROM_ZOOM) : byPopulation;
}
