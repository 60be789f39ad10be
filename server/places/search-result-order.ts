// The order of the search list: what was found of each kind, merged so that what the text most likely names comes
// first (a country, a city that stands out, the airport of a code, an aircraft or incident of that very name), then
// what only starts with it, then news. Pure: search-service.ts finds the things, this orders them.
import type { AirportHit } from './airport-repository.js';
import { aircraftResult, incidentResult, newsResult } from './object-results.js';
import { incidentNameOf, type AircraftHit, type IncidentHit, type NewsHit } from './object-search-repository.js';
import { airportResult, boundaryResult, placeResult } from './place-results.js';
import type { BoundaryHit, PlaceHit } from './place-search-repository.js';
import type { SearchResult } from './places-schemas.js';
import { placesToldApart } from './same-name-places.js';

/** The shortest text for which an incident in view is moved up (a letter or two starts too many names). */
const MIN_IN_VIEW_TEXT = 3;

/** An exact place this large leads the exact aircraft and incidents of its name wherever the map is (a city). */
const LEADING_PLACE_POPULATION = 100_000;

export interface FoundThings {
  /** The name searched for (the text without a region after a comma). */
  name: string;
  limit: number;
  /** Places, best first (prefix matches, or similar names when `similar`). */
  places: readonly PlaceHit[];
  /** The places are only names like the text (misspellings' guesses). */
  similar: boolean;
  boundaries: readonly BoundaryHit[];
  airports: readonly AirportHit[];
  aircraft: readonly AircraftHit[];
  incidents: readonly IncidentHit[];
  news: readonly NewsHit[];
}

/** The list shown, at most `limit` long. */
export function orderedResults({ name, limit, places, similar, boundaries, airports: found, aircraft, incidents, news }: FoundThings): SearchResult[] {
  const airports = wordMatchesShown(found);
  const folded = name.trim().toLowerCase();
  // A country by a short name of it ("UK") is as good as by its own.
  const exact = (hit: BoundaryHit) => hit.byShortName || hit.name.toLowerCase() === folded;
  const exactBoundaries = boundaries.filter(exact);
  const otherBoundaries = boundaries.filter((hit) => !exact(hit));
  // Three capitals that start live flights' callsigns are an airline's code: its flights come before the places that
  // only start with the text, cities too ("BAW" listed Bawshar, a city in Oman, before BAW522). Typed in small letters
  // they are the start of a name ("dal": Dallas before Delta's DAL flights).
  const airlineCode = /^[A-Z]{3}$/.test(name.trim()) ? name.trim() : null;
  const airlineFlights = airlineCode ? aircraft.filter((hit) => hit.callsign?.trim().toUpperCase().startsWith(airlineCode)) : [];
  const otherAircraft = aircraft.filter((hit) => !airlineFlights.includes(hit));
  const flightsOfCode = airlineFlights.map(aircraftResult);
  // Incidents in the map's view whose name has a word starting with the text (three letters or more) come before the
  // places that do not lead: "Lafayette" over Florida listed nine places, Bougaa in Algeria among them, before the
  // SOUTH CANAL- LAFAYETTE fire in view. Not a name that merely holds the letters: "san" is no THOUSAND fire.
  const promoted = (hit: IncidentHit) => hit.inView && folded.length >= MIN_IN_VIEW_TEXT && ` ${hit.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`.includes(` ${folded}`);
  const objects: SearchResult[] = [...otherAircraft.map(aircraftResult), ...incidents.filter((hit) => !promoted(hit)).map(incidentResult)];
  const incidentsInView = incidents.filter(promoted).map(incidentResult);
  const newsResults = news.map(newsResult);
  // An airport by its code typed whole ("JFK", "KJFK") leads when it is a large one or in view; a medium one by its
  // code comes after the flights whose callsign starts with it; airports found by words, see below.
  const airportLeads = (hit: AirportHit) => hit.byCode && (hit.large || hit.inView);
  const leadingAirports = airports.filter(airportLeads).map(airportResult);
  const codeAirports = airports.filter((hit) => hit.byCode && !airportLeads(hit)).map(airportResult);
  const namedAirports = airports.filter((hit) => !hit.byCode);
  // Places fill what the other kinds leave, but never fewer than half the list.
  const placeRoom = Math.max(Math.ceil(limit / 2), limit - exactBoundaries.length - airports.length - aircraft.length - incidents.length - otherBoundaries.length - newsResults.length);
  const placeHits = places.slice(0, placeRoom);
  const shownPlaces = placesToldApart(placeHits.map(placeResult)).map((result) => (similar ? { ...result, similar: true } : result));
  // An aircraft or incident named exactly what was typed ("TANKER91", "Eaton") comes before places that only start
  // with it ("Tankerton"), and before the places of that very name too, unless the first of them lies in the map's
  // view or is a city: "Paris" is Paris, and "Paradise" over Butte County is the town, but "EATON" over Los Angeles
  // is the Eaton fire, not Eaton, Ohio (8,000 people; Enter flew there). The places are ranked exact first, those in
  // view first among them, so the first exact place is the one that may lead.
  const standsOut = (hit: PlaceHit) => hit.inView || hit.population >= LEADING_PLACE_POPULATION;
  const firstExact = placeHits.find((hit) => hit.exact);
  const leadingPlaces = firstExact && standsOut(firstExact) ? 1 : 0;
  const incidentName = incidentNameOf(folded);
  const isExact = (result: SearchResult) => {
    const label = result.label.trim().toLowerCase();
    return label === folded || (result.kind === 'incident' && label === incidentName);
  };
  // Places that only start with the text come before the aircraft and incidents that only start with it when they are
  // worth it: named so themselves and in view or a city. "UAL" listed Ualog (a village) and three places by alternates
  // ("Ouargla · “ualeugeulla”") before the United flights. So does a place found by its airport's code: "UAL" is
  // also Luau's (18,000 people), but "LAX" is Los Angeles.
  const prominent = placeHits.map((hit) => (hit.exact && !hit.code) || ((hit.ownName || hit.code) && standsOut(hit)));
  const laterPlaces = shownPlaces.slice(leadingPlaces);
  // A city found by its code ("LAX") comes after the airport of that code, which is what the code names.
  const leadingPlaceByCode = leadingPlaces === 1 && firstExact?.code === true;
  // A large airport with the words typed, or one in view, comes before the places unless one of those is a city or in
  // view, named so itself: "Heathrow" is the airport before Heathrow, Florida (6,000 people), "airport" the airports
  // around the view, but "London" and "Sacr" list the cities first and the airports after the places.
  const placeStandsOut = placeHits.some((hit) => (hit.exact || hit.ownName) && standsOut(hit));
  const airportFirst = (hit: AirportHit) => similar || ((hit.large || hit.inView) && !placeStandsOut);
  const namedAirportsFirst = namedAirports.filter(airportFirst).map(airportResult);
  const namedAirportsLast = namedAirports.filter((hit) => !airportFirst(hit)).map(airportResult);
  // A country of the name comes first; a state or province of the name after a city of it that stands out, named so
  // itself: "Manchester" is the city, then Jamaica's parish (it flew to Jamaica), "New York" the city, then the state.
  const regionsAfterPlace = leadingPlaces === 1 && !leadingPlaceByCode;
  const exactCountries = exactBoundaries.filter((hit) => hit.level === 0 || !regionsAfterPlace).map(boundaryResult);
  const exactRegions = exactBoundaries.filter((hit) => hit.level !== 0 && regionsAfterPlace).map(boundaryResult);
  // Places only like the text (no name starts with it) are guesses: they come after everything that holds the text
  // itself, the stories too. "Hormuz" listed Hormoz Island's neighbours "similar names" above three stories that
  // say "Hormuz" word for word.
  const guessedPlaces = similar ? laterPlaces : [];
  const namedPlaces = similar ? [] : laterPlaces;
  return [
    ...exactCountries,
    ...(leadingPlaceByCode ? [] : shownPlaces.slice(0, leadingPlaces)),
    ...exactRegions,
    ...leadingAirports,
    ...(leadingPlaceByCode ? shownPlaces.slice(0, leadingPlaces) : []),
    ...incidentsInView.filter(isExact),
    ...objects.filter(isExact),
    ...flightsOfCode,
    ...incidentsInView.filter((result) => !isExact(result)),
    // An airport whose name has the words typed is no guess.
    ...namedAirportsFirst,
    ...namedPlaces.filter((_, index) => prominent[leadingPlaces + index]),
    ...objects.filter((result) => !isExact(result)),
    ...codeAirports,
    ...namedPlaces.filter((_, index) => !prominent[leadingPlaces + index]),
    ...namedAirportsLast,
    ...otherBoundaries.map(boundaryResult),
    ...newsResults,
    ...guessedPlaces,
  ].slice(0, limit);
}

/**
 * Airports found by words: when some have every word typed as a whole word of their name or town, those alone; the
 * ones that only have words starting so are noise beside them ("Roma" listed Cape Romanzof, Alaska, beside Roma,
 * Queensland; "Chico" Chicopee's Westover). A word still being typed matches only starts ("Heathr"), and keeps them.
 */
function wordMatchesShown(airports: readonly AirportHit[]): readonly AirportHit[] {
  if (!airports.some((hit) => !hit.byCode && hit.wholeWords)) return airports;
  return airports.filter((hit) => hit.byCode || hit.wholeWords);
}
