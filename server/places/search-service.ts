// The search box: a typed position first, else places (prefix, then misspellings; "Paradise, CA" in California),
// countries and states, airports, aircraft, incidents and news stories, merged into one list of things to fly to.
import type { Bbox } from '../http/query-params.js';
import type { AirportRepository } from './airport-repository.js';
import { parsePosition, type ParsedPosition } from './coordinate-query.js';
import type { ObjectSearchRepository } from './object-search-repository.js';
import type { PlaceSearchRepository } from './place-search-repository.js';
import type { SearchAnswer, SearchResult } from './places-schemas.js';
import { splitRegionQualifier } from './region-qualifier.js';
import { orderedResults } from './search-result-order.js';

const FUZZY_MIN_LENGTH = 3;
const FUZZY_MIN_SCORE = 0.4;
const OTHER_KINDS_LIMIT = 3;
const REGION_NAME_MIN_LENGTH = 3;
const NEAREST_MAX_METRES = 50_000;

const FORMAT_NAMES: Record<ParsedPosition['format'], string> = {
  decimal: 'Decimal degrees',
  'decimal-lon-lat': 'Decimal degrees, read as longitude, latitude',
  dms: 'Degrees, minutes, seconds',
  dm: 'Degrees, decimal minutes',
  mgrs: 'MGRS',
  link: 'From a map link',
};

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
    if (position) return { query, gazetteer, results: await this.positionResults(position) };

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
      this.objects.incidents(name, OTHER_KINDS_LIMIT, view),
      this.objects.news(query, OTHER_KINDS_LIMIT),
    ]);
    // No place of the name in the regions named: the name anywhere.
    let places = namesReady && qualified && prefixPlaces.length === 0 ? await this.places.byPrefix(name, limit, view) : prefixPlaces;
    // Misspellings are looked for only when no name starts with the text (a trigram scan costs more than the rest), and
    // not when it is a country's or a region's very name: "Germany" listed nine "similar" places after the country.
    const namesBoundary = boundaries.some((hit) => hit.name.toLowerCase() === name.trim().toLowerCase());
    let similar = false;
    if (namesReady && places.length === 0 && !namesBoundary && name.length >= FUZZY_MIN_LENGTH && (await this.places.hasTrigram())) {
      places = await this.places.bySimilarity(name, limit, FUZZY_MIN_SCORE);
      similar = places.length > 0;
    }

    const results = orderedResults({ name, limit, places, similar, boundaries, airports, aircraft, incidents, news });
    return { query, gazetteer, results };
  }

  /**
   * The position typed, and when two plain numbers make sense both ways round, the other reading after it: "-0.12, 51.5"
   * is open ocean read latitude first, as people write positions, and London read longitude first, as GeoJSON does;
   * each says where it is. Latitude first stays first (Enter goes there): a remote spot typed right, "20, 50" in the
   * Empty Quarter, is no less meant for being far from a town.
   */
  private async positionResults(position: ParsedPosition): Promise<SearchResult[]> {
    const typed = await this.positionResult(position);
    if (!position.lonLatReading) return [typed];
    return [typed, await this.positionResult({ format: 'decimal-lon-lat', ...position.lonLatReading })];
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
