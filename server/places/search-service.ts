// The search box: a typed position first, else places (prefix, then misspellings; "Paradise, CA" in California),
// countries and states, airports, aircraft, incidents and news stories, merged into one list of things to fly to.
import type { Bbox } from '../http/query-params.js';
import type { AirportHit, AirportRepository } from './airport-repository.js';
import { parsePosition, type ParsedPosition } from './coordinate-query.js';
import { aircraftResult, incidentResult, newsResult } from './object-results.js';
import { incidentNameOf, type ObjectSearchRepository } from './object-search-repository.js';
import type { BoundaryHit, PlaceHit, PlaceSearchRepository } from './place-search-repository.js';
import type { SearchAnswer, SearchResult } from './places-schemas.js';
import { splitRegionQualifier } from './region-qualifier.js';
import { placesToldApart } from './same-name-places.js';

const FUZZY_MIN_LENGTH = 3;
const FUZZY_MIN_SCORE = 0.4;
const OTHER_KINDS_LIMIT = 3;
const REGION_NAME_MIN_LENGTH = 3;
const NEAREST_MAX_METRES = 50_000;
/** An exact place this large leads the exact aircraft and incidents of its name wherever the map is (a city). */
const LEADING_PLACE_POPULATION = 100_000;
/** Close enough to see an airport's runways. */
const AIRPORT_ZOOM = 13;

const FORMAT_NAMES: Record<ParsedPosition['format'], string> = {
  decimal: 'Decimal degrees',
  'decimal-lon-lat': 'Decimal degrees, read as longitude, latitude',
  dms: 'Degrees, minutes, seconds',
  dm: 'Degrees, decimal minutes',
  mgrs: 'MGRS',
  link: 'From a map link',
};

function zoomForPopulation(population: number): number {
  if (population >= 1_000_000) return 10;
  if (population >= 100_000) return 11;
  return 12;
}

function placeResult(hit: PlaceHit): SearchResult {
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

function airportResult(hit: AirportHit): SearchResult {
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

function boundaryResult(hit: BoundaryHit): SearchResult {
  return {
    kind: hit.level === 0 ? 'country' : 'region',
    label: hit.name,
    sublabel: hit.level === 0 ? 'Country' : (hit.countryName ?? hit.countryCode),
    latitude: hit.latitude,
    longitude: hit.longitude,
    bbox: hit.bbox,
    zoom: null,
    id: null,
    link: null,
  };
}

export class SearchService {
  constructor(
    private readonly places: PlaceSearchRepository,
    private readonly objects: ObjectSearchRepository,
    private readonly airports: AirportRepository,
    private readonly gazetteerState: () => SearchAnswer['gazetteer'],
  ) {}

  /** `view`: the map's view, whose places come first among equally good matches. */
  async search(query: string, limit: number, view?: Bbox): Promise<SearchAnswer> {
    const gazetteer = this.gazetteerState();
    const position = parsePosition(query);
    if (position) return { query, gazetteer, results: [await this.positionResult(position)] };

    // While a load runs, the name indexes are being rebuilt under its lock: names would wait for the whole load.
    const namesReady = gazetteer !== 'loading';
    // "Paradise, CA": the places of that name in California; the other kinds are looked for by the name alone (news
    // by the whole text, whose commas may be its own).
    const split = splitRegionQualifier(query);
    const name = split?.name ?? query;
    // Regions narrow a name of three letters or more: a shorter one matches too many names to check each one's place.
    const qualified = split && split.regions.length > 0 && name.length >= REGION_NAME_MIN_LENGTH ? split : null;
    const [prefixPlaces, boundaries, airports, aircraft, incidents, news] = await Promise.all([
      !namesReady ? Promise.resolve([]) : qualified ? this.places.byPrefixInRegions(qualified.name, qualified.regions, limit, view) : this.places.byPrefix(name, limit, view),
      this.places.boundaries(name, OTHER_KINDS_LIMIT),
      // A name in regions ("Paris, TX") asks for places there, not for the airports of the name elsewhere (CDG).
      qualified ? Promise.resolve([]) : this.airports.search(name, OTHER_KINDS_LIMIT, view),
      this.objects.aircraft(name, OTHER_KINDS_LIMIT),
      this.objects.incidents(name, OTHER_KINDS_LIMIT),
      this.objects.news(query, OTHER_KINDS_LIMIT),
    ]);
    // No place of the name in the regions named: the name anywhere.
    let places = namesReady && qualified && prefixPlaces.length === 0 ? await this.places.byPrefix(name, limit, view) : prefixPlaces;
    // Misspellings are looked for only when no name starts with the text (a trigram scan costs more than the rest).
    let similar = false;
    if (namesReady && places.length === 0 && name.length >= FUZZY_MIN_LENGTH && (await this.places.hasTrigram())) {
      places = await this.places.bySimilarity(name, limit, FUZZY_MIN_SCORE);
      similar = places.length > 0;
    }

    const folded = name.trim().toLowerCase();
    const exactBoundaries = boundaries.filter((hit) => hit.name.toLowerCase() === folded);
    const otherBoundaries = boundaries.filter((hit) => hit.name.toLowerCase() !== folded);
    const objects: SearchResult[] = [...aircraft.map(aircraftResult), ...incidents.map(incidentResult)];
    const newsResults = news.map(newsResult);
    // An airport by its code typed whole ("JFK", "KJFK") leads when it is a large one or in view; a medium one by its
    // code comes after the flights whose callsign starts with it; airports found by words, see below.
    const airportLeads = (hit: AirportHit) => hit.byCode && (hit.large || hit.inView);
    const leadingAirports = airports.filter(airportLeads).map(airportResult);
    const codeAirports = airports.filter((hit) => hit.byCode && !airportLeads(hit)).map(airportResult);
    const namedAirports = airports.filter((hit) => !hit.byCode);
    // Places fill what the other kinds leave, but never fewer than half the list.
    const placeRoom = Math.max(Math.ceil(limit / 2), limit - exactBoundaries.length - airports.length - objects.length - otherBoundaries.length - newsResults.length);
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
    // A large airport with the words typed comes before the places unless one of those is a city or in view, named so
    // itself: "Heathrow" is the airport before Heathrow, Florida (6,000 people), but "London" and "Sacr" list the
    // cities first and the airports after the places.
    const placeStandsOut = placeHits.some((hit) => (hit.exact || hit.ownName) && standsOut(hit));
    const airportFirst = (hit: AirportHit) => similar || (hit.large && !placeStandsOut);
    const namedAirportsFirst = namedAirports.filter(airportFirst).map(airportResult);
    const namedAirportsLast = namedAirports.filter((hit) => !airportFirst(hit)).map(airportResult);
    // A country of the name comes first; a state or province of the name after a city of it that stands out, named so
    // itself: "Manchester" is the city, then Jamaica's parish (it flew to Jamaica), "New York" the city, then the state.
    const regionsAfterPlace = leadingPlaces === 1 && !leadingPlaceByCode;
    const exactCountries = exactBoundaries.filter((hit) => hit.level === 0 || !regionsAfterPlace).map(boundaryResult);
    const exactRegions = exactBoundaries.filter((hit) => hit.level !== 0 && regionsAfterPlace).map(boundaryResult);
    const results = [
      ...exactCountries,
      ...(leadingPlaceByCode ? [] : shownPlaces.slice(0, leadingPlaces)),
      ...exactRegions,
      ...leadingAirports,
      ...(leadingPlaceByCode ? shownPlaces.slice(0, leadingPlaces) : []),
      ...objects.filter(isExact),
      // Places only like the text are guesses: an airport whose name has the words typed is not.
      ...namedAirportsFirst,
      ...laterPlaces.filter((_, index) => prominent[leadingPlaces + index]),
      ...objects.filter((result) => !isExact(result)),
      ...codeAirports,
      ...laterPlaces.filter((_, index) => !prominent[leadingPlaces + index]),
      ...namedAirportsLast,
      ...otherBoundaries.map(boundaryResult),
      ...newsResults,
    ].slice(0, limit);
    return { query, gazetteer, results };
  }

  private async positionResult(position: ParsedPosition): Promise<SearchResult> {
    const nearest = await this.places.nearest(position.latitude, position.longitude);
    const near =
      nearest && nearest.metres <= NEAREST_MAX_METRES
        ? ` · near ${[nearest.name, nearest.admin1Name, nearest.countryName].filter(Boolean).join(', ')}`
        : '';
    return {
      kind: 'coordinates',
      label: `${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`,
      sublabel: `${FORMAT_NAMES[position.format]}${near}`,
      latitude: position.latitude,
      longitude: position.longitude,
      bbox: null,
      zoom: 12,
      id: null,
      link: null,
    };
  }
}
