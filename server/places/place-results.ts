// The search list's rows of places, airports, countries and states (aircraft, incidents, news: object-results.ts).
import type { AirportHit } from './airport-repository.js';
import type { BoundaryHit, PlaceHit } from './place-search-repository.js';
import type { SearchResult } from './places-schemas.js';

/** Close enough to see an airport's runways. */
const AIRPORT_ZOOM = 13;

function zoomForPopulation(population: number): number {
  if (population >= 1_000_000) return 10;
  if (population >= 100_000) return 11;
  return 12;
}

export function placeResult(hit: PlaceHit): SearchResult {
  const where = [hit.admin1Name, hit.countryName ?? hit.countryCode].filter((part): part is string => Boolean(part)).join(', ');
  // The name that matched when it is not the place's own ("Kiev"), or its code ("code LAX": mostly an airport's).
  const alias = hit.matched && hit.matched.toLowerCase() !== hit.name.toLowerCase() ? ` · ${hit.code ? 'code ' : ''}“${hit.matched}”` : '';
  return {
    kind: 'place',
    label: hit.name,
    sublabel: `${where}${alias}` || null,
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: null,
    zoom: zoomForPopulation(hit.population),
    id: String(hit.geonameId),
    link: null,
  };
}

export function airportResult(hit: AirportHit): SearchResult {
  const codes = [hit.iata, hit.ident, hit.gpsCode].filter((code): code is string => Boolean(code));
  const where = [hit.municipality, hit.regionName, hit.countryName ?? hit.countryCode].filter((part): part is string => Boolean(part));
  return {
    kind: 'airport',
    label: hit.name,
    sublabel: [codes.join(' · '), [...new Set(where)].join(', ')].filter(Boolean).join(' · ') || null,
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: null,
    zoom: AIRPORT_ZOOM,
    id: hit.ident,
    link: null,
  };
}

export function boundaryResult(hit: BoundaryHit): SearchResult {
  return {
    kind: hit.level === 0 ? 'country' : 'region',
    label: hit.name,
    // A country's kind ("Country") is the line's first word already.
    sublabel: hit.level === 0 ? null : (hit.countryName ?? hit.countryCode),
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: hit.bbox,
    zoom: null,
    id: null,
    link: null,
  };
}
