// The search list's rows of aircraft, incidents and news stories (places and regions: search-service.ts). The kind
// is named by the list itself ("Incident · ", "News · "): a sublabel says only what tells one from another.
import type { AircraftHit, IncidentHit, NewsHit } from './object-search-repository.js';
import type { SearchResult } from './places-schemas.js';

/** What the sublabel says of an incident's kind: a wildfire is what an incident is taken to be, so it says nothing. */
const INCIDENT_KIND_WORDS: Record<string, string> = { prescribed: 'Prescribed burn', complex: 'Complex' };

/** An area in acres as a person reads it: whole acres, and a burn under an acre as itself (0.01), not "0". */
export function acresText(acres: number): string {
  const shown = acres > 0 && acres < 1 ? acres.toLocaleString('en-US', { maximumSignificantDigits: 1 }) : Math.round(acres).toLocaleString('en-US');
  return `${shown} ${shown === '1' ? 'acre' : 'acres'}`;
}

export function aircraftResult(hit: AircraftHit): SearchResult {
  return {
    kind: 'aircraft',
    label: hit.callsign?.trim() || hit.registration || hit.icao24.toUpperCase(),
    sublabel: [hit.registration && `reg. ${hit.registration}`, `hex ${hit.icao24.toUpperCase()}`, hit.typeCode].filter(Boolean).join(' · '),
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: null,
    zoom: 10,
    id: hit.icao24,
    link: null,
  };
}

export function incidentResult(hit: IncidentHit): SearchResult {
  return {
    kind: 'incident',
    label: hit.name,
    // The list names it an incident; a prescribed burn or a complex says so.
    sublabel: [INCIDENT_KIND_WORDS[hit.kind ?? ''], hit.state, hit.sizeAcres !== null ? acresText(hit.sizeAcres) : null].filter(Boolean).join(' · ') || null,
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: null,
    zoom: 11,
    id: hit.id,
    link: null,
  };
}

export function newsResult(hit: NewsHit): SearchResult {
  const placed = hit.latitude !== null && hit.longitude !== null;
  return {
    kind: 'news',
    label: hit.title,
    // Its day, when a feed dated it, and where it is on the map; a story not on the map opens its article.
    sublabel: [hit.publishedAt ? hit.publishedAt.slice(0, 10) : null, placed ? hit.place : hit.link ? 'not on the map: opens the article' : 'not on the map · no article link'].filter(Boolean).join(' · ') || null,
    latitude: placed ? hit.latitude : null,
    longitude: placed ? hit.longitude : null,
    bbox: null,
    zoom: placed ? 10 : null,
    id: String(hit.id),
    link: hit.link,
  };
}
