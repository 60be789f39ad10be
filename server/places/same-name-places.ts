// Two places of one name in one state ("Lisbon · Ohio, United States" twice: GeoNames has both) read the same in a list
// of results: each such one is told apart by where it lies.
import type { SearchResult } from './places-schemas.js';

function degrees(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;
}

/** The results, a place whose name and sublabel another place shares having its position added to the sublabel. */
export function placesToldApart(results: SearchResult[]): SearchResult[] {
  const key = (result: SearchResult) => `${result.label}\u0000${result.sublabel ?? ''}`;
  const seen = new Map<string, number>();
  for (const result of results) if (result.kind === 'place') seen.set(key(result), (seen.get(key(result)) ?? 0) + 1);
  return results.map((result) => {
    if (result.kind !== 'place' || (seen.get(key(result)) ?? 0) < 2 || result.latitude === null || result.longitude === null) return result;
    const where = `${degrees(result.latitude, 'N', 'S')}, ${degrees(result.longitude, 'E', 'W')}`;
    return { ...result, sublabel: result.sublabel ? `${result.sublabel} · ${where}` : where };
  });
}
