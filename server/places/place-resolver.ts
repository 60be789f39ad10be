// Places from words, offline, by the gazetteer: a camera's "City, Country" caption (name or alternate name, the
// country by name or ISO code or a first-level division, the larger place on a tie), and the one place a news
// story is confidently about. Other domains reach it as app.placeResolver.
import { COMMON_WORD_PLACES } from './common-word-places.js';
import { lowerCaseWords, type PlaceMention, placeMentions, visibleText } from './place-mentions.js';
import type { NamedPlace, PlaceResolveRepository, RegionName, ResolvedPlace } from './place-resolve-repository.js';

export type { ResolvedPlace } from './place-resolve-repository.js';

export interface PlaceInText {
  place: ResolvedPlace;
  /** The words of the text that named it. */
  mention: string;
  /** Higher is surer; only places over the threshold are answered. */
  score: number;
}

/** Smallest place a text may be placed in by name alone (with its country named, or a two-word name). */
export const MIN_NAMED_POPULATION = 15_000;
/** A place this large (or a capital of 100,000+) needs nothing else named beside it. */
export const LARGE_PLACE_POPULATION = 500_000;
const LARGE_CAPITAL_POPULATION = 100_000;
/** After "in", "at", "near", … a single-word name of a town this large is taken without its country. */
const AFTER_PREPOSITION_POPULATION = 50_000;

/** Names a caption or story uses for a country that the gazetteer spells otherwise (folded → ISO code). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  uk: 'GB', 'u.k.': 'GB', britain: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB',
  'northern ireland': 'GB', us: 'US', usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', america: 'US', 'united states of america': 'US',
  uae: 'AE', 'czech republic': 'CZ', holland: 'NL', 'the netherlands': 'NL', 'ivory coast': 'CI', burma: 'MM',
  turkiye: 'TR', 'russian federation': 'RU', 'korea, republic of': 'KR', "korea, democratic people's republic of": 'KP',
  'iran, islamic republic of': 'IR', 'taiwan, province of china': 'TW', 'moldova, republic of': 'MD',
  'venezuela, bolivarian republic of': 'VE', 'bolivia, plurinational state of': 'BO', 'tanzania, united republic of': 'TZ',
  'syrian arab republic': 'SY', "lao people's democratic republic": 'LA', 'macedonia, the former yugoslav republic of': 'MK', 'south korea': 'KR', 'north korea': 'KP', russia: 'RU', vietnam: 'VN', 'viet nam': 'VN', 'hong kong': 'HK',
};

/** Country codes an acronym in a text stands for (acronyms are not place names, but they name a country). */
const ACRONYM_COUNTRIES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:US|U\.S\.|USA)\b/, 'US'],
  [/\b(?:UK|U\.K\.)\b/, 'GB'],
  [/\bUAE\b/, 'AE'],
];

/** What names a country when an acronym does ("US", "UK"). */
const ACRONYM = '\u0000acronym';

interface Regions {
  /** Folded country or division name → what it names. */
  byName: Map<string, RegionName[]>;
  countryNames: Set<string>;
}

interface Evidence {
  mention: PlaceMention;
  folded: string;
}

export class PlaceResolver {
  private regions: Promise<Regions> | null = null;

  constructor(private readonly repository: PlaceResolveRepository) {}

  /** "City, Country" (or "City" alone) → the best place of the gazetteer, or null when it has none. */
  async resolve(caption: string): Promise<ResolvedPlace | null> {
    const [city, ...rest] = caption.split(',').map((part) => part.trim()).filter(Boolean);
    return city ? this.resolveParts(city, rest.length ? rest.join(', ') : null) : null;
  }

  /** A city in a region (a country's name or ISO code, or a first-level division), or anywhere when the region is null. */
  async resolveParts(city: string | null, region: string | null): Promise<ResolvedPlace | null> {
    const name = city?.trim();
    if (!name) return null;
    const area = region?.trim() || null;
    const alias = area ? (COUNTRY_ALIASES[area.toLowerCase()] ?? null) : null;
    const place = await this.repository.byNameInRegion(name, area, alias);
    return place && (await this.namesAnotherDivision(place, name, area)) ? null : place;
  }

  /**
   * A town named as a first-level division of its country that lies in another one ("Wyoming, US" is the state, not
   * Wyoming, Michigan; "Alabama, US" not Alabama, New York): the name given means the division, which is no point to
   * place a camera at. The town is meant when its own division is named beside it ("Delaware, Ohio"); a national capital
   * always is ("Washington, US"); a town in the division of its name stands for it ("New York, US", "Neuchâtel").
   */
  private async namesAnotherDivision(place: ResolvedPlace, name: string, area: string | null): Promise<boolean> {
    if (place.capital || place.admin1Name === null) return false;
    const [folded, foldedArea, ownDivision] = await this.repository.fold([name, area ?? '', place.admin1Name]);
    if (folded === ownDivision || (area !== null && foldedArea === ownDivision)) return false;
    const regions = await this.loadRegions();
    return (regions.byName.get(folded as string) ?? []).some((region) => region.admin1 !== null && region.countryCode === place.countryCode);
  }

  /** The places a text is confidently about, surest first (a place at most once); `regionHint` is a country code or a feed region. */
  async placesIn(raw: string, regionHint: string | null = null): Promise<PlaceInText[]> {
    const text = visibleText(raw);
    const mentions = placeMentions(text);
    if (mentions.length === 0) return [];
    const regions = await this.loadRegions();
    const folded = await this.repository.fold(mentions.map((mention) => mention.text));
    const evidence: Evidence[] = mentions.map((mention, index) => ({ mention, folded: folded[index]! }));

    // What the text names besides places: countries (by name, alias or acronym) and first-level divisions, each
    // with the words that named it (a name does not back itself: "San Jose" is also a province of Costa Rica).
    const countries = new Map<string, Set<string>>();
    const divisions = new Map<string, Set<string>>();
    const note = (into: Map<string, Set<string>>, key: string, by: string) => into.set(key, (into.get(key) ?? new Set()).add(by));
    const regionMentions = new Set<string>();
    for (const { folded: name } of evidence) {
      const alias = COUNTRY_ALIASES[name];
      if (alias) note(countries, alias, name);
      for (const region of regions.byName.get(name) ?? []) {
        regionMentions.add(name);
        if (region.admin1 === null) note(countries, region.countryCode, name);
        else note(divisions, `${region.countryCode}/${region.admin1}`, name);
      }
    }
    for (const [pattern, code] of ACRONYM_COUNTRIES) if (pattern.test(text)) note(countries, code, ACRONYM);
    const hint = hintCountry(regionHint);
    const lowerCase = lowerCaseWords(text);

    // A word seen as part of a longer name ("Mark Carney") is that name wherever else it stands alone ("Carney vows").
    const nameParts = new Set(
      evidence.filter(({ mention }) => mention.words === 1 && !mention.wholeRun && mention.besideName && !mention.titleCase).map((item) => item.folded),
    );
    const usable = evidence.filter(({ mention, folded: name }) => {
      if (mention.dateline) return !COMMON_WORD_PLACES.has(name);
      if (COMMON_WORD_PLACES.has(name)) return false;
      if (mention.words === 1 && nameParts.has(name)) return false;
      // Part of a region's name ("Carolina" of "South Carolina").
      for (const region of regionMentions) if (region !== name && ` ${region} `.includes(` ${name} `)) return false;
      // "nice weather" elsewhere in the text: the capitalised one is the word too.
      if (mention.words === 1 && lowerCase.has(name)) return false;
      // Part of a longer name ("Lewis Hamilton", "Kyiv Mayor"), unless the headline capitalises everything.
      if (!mention.wholeRun && mention.besideName && !mention.titleCase) return false;
      // "New York Times", "Manchester United": the organisation, not the place.
      if (mention.beforeOrganisation) return false;
      return true;
    });
    const named = await this.repository.named([...new Set(usable.map((item) => item.folded))], MIN_NAMED_POPULATION);
    const byName = new Map<string, NamedPlace[]>();
    for (const place of named) byName.set(place.folded, [...(byName.get(place.folded) ?? []), place]);

    const namedBesides = (names: Set<string> | undefined, name: string, acronymCounts = true) =>
      names !== undefined && [...names].some((by) => by !== name && (acronymCounts || by !== ACRONYM));
    // "US" in passing backs a city, not a one-word town of a few thousand ("Carney", Maryland, in a story on Canada's Mark Carney).
    const regionNamed = (place: ResolvedPlace, name: string) =>
      namedBesides(countries.get(place.countryCode), name, place.population >= 100_000 || name.includes(' ')) ||
      (place.admin1Name !== null && namedBesides(divisions.get(`${place.countryCode}/${foldCase(place.admin1Name)}`), name));
    const best = new Map<number, PlaceInText>();
    const mentionsOf = new Map<string, number>();
    for (const item of usable) mentionsOf.set(item.folded, (mentionsOf.get(item.folded) ?? 0) + 1);
    for (const { mention, folded: name } of usable) {
      const homonyms = byName.get(name);
      if (!homonyms?.length) continue;
      const place = [...homonyms].sort(
        (a, b) =>
          // One in a region the text names (Paris, Texas), but for a dateline (where a big city is meant), …
          (mention.dateline ? 0 : Number(regionNamed(b, name)) - Number(regionNamed(a, name))) ||
          // … then a capital by its own name (Islamabad, not Chattogram's former name), …
          Number(ownCapital(b, name)) - Number(ownCapital(a, name)) ||
          Number(b.countryCode === hint) - Number(a.countryCode === hint) ||
          // … then the larger, by its own name ahead of an alternate unless the alternate's is four times as large (Geneva).
          b.population * (b.alternate ? 0.25 : 1) - a.population * (a.alternate ? 0.25 : 1),
      )[0]!;
      // A country's name is the country, unless its capital is called the same (Singapore, Luxembourg); a division's
      // name in the place's own country is the division, unless the capital is called the same (Washington) or
      // the division's seat or great city is (Geneva, New York).
      if (regions.countryNames.has(name) && !(place.capital && foldCase(place.name) === name)) continue;
      const division = (regions.byName.get(name) ?? []).some((region) => region.admin1 !== null && region.countryCode === place.countryCode);
      const divisionCity =
        ownCapital(place, name) ||
        (place.admin1Name !== null && foldCase(place.admin1Name) === name && (place.featureCode === 'PPLA' || place.population >= 1_000_000));
      if (division && !divisionCity) continue;
      const inRegion = regionNamed(place, name);
      // Only an alternate name ("Part", "White House" as translations), opening a sentence: a word, not the place.
      if (place.alternate && mention.words === 1 && mention.sentenceStart && !inRegion && !mention.dateline) continue;
      // A short alternate ("Sam", "Luz") is too often a word or a name of another language.
      if (place.alternate && name.length < 5 && !inRegion && !mention.dateline) continue;
      const large = place.population >= LARGE_PLACE_POPULATION || (place.capital && place.population >= LARGE_CAPITAL_POPULATION);
      // An alternate name (an exonym, a translation) only for a well-known place, or one whose region is named too.
      const alternateOk =
        !place.alternate ||
        place.population >= 1_000_000 ||
        (place.capital && place.population >= LARGE_CAPITAL_POPULATION) ||
        (inRegion && place.population >= 100_000);
      const confident =
        mention.dateline ||
        (alternateOk &&
          (large ||
            inRegion ||
            (mention.words >= 2 && !mention.titleCase) ||
            (mention.words >= 2 && place.population >= 100_000) ||
            (mention.afterPreposition && !mention.titleCase && place.population >= AFTER_PREPOSITION_POPULATION)));
      if (!confident) continue;
      const score =
        (mention.dateline ? 5 : 0) +
        (inRegion ? 3 : 0) +
        (mention.words >= 2 ? 2 : 0) +
        (mention.afterPreposition ? 1 : 0) +
        (place.countryCode === hint ? 1 : 0) +
        Math.log10(Math.max(place.population, 1)) / 2 +
        ((mentionsOf.get(name) ?? 1) - 1) * 0.5;
      const previous = best.get(place.geonameId);
      if (!previous || previous.score < score) best.set(place.geonameId, { place: stripFolded(place), mention: mention.text, score });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  /** The one place a text is about, or null when no place is confident enough. */
  async placeOf(text: string, regionHint: string | null = null): Promise<PlaceInText | null> {
    return (await this.placesIn(text, regionHint))[0] ?? null;
  }

  private async loadRegions(): Promise<Regions> {
    this.regions ??= this.repository.regionNames().then((rows) => {
      // An empty gazetteer (still loading) is asked again next time.
      if (rows.length === 0) this.regions = null;
      const byName = new Map<string, RegionName[]>();
      for (const row of rows) byName.set(row.folded, [...(byName.get(row.folded) ?? []), row]);
      return { byName, countryNames: new Set(rows.filter((row) => row.admin1 === null).map((row) => row.folded)) };
    });
    try {
      return await this.regions;
    } catch (error) {
      this.regions = null;
      throw error;
    }
  }
}

/** Case and accents folded as near as JavaScript can to gazetteer_fold (for names the database gave). */
function foldCase(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function ownCapital(place: NamedPlace, name: string): boolean {
  return place.capital && !place.alternate && foldCase(place.name) === name;
}

function hintCountry(region: string | null): string | null {
  const value = region?.trim().toLowerCase();
  if (!value) return null;
  if (COUNTRY_ALIASES[value]) return COUNTRY_ALIASES[value];
  return /^[a-z]{2}$/.test(value) ? value.toUpperCase() : null;
}

function stripFolded(place: NamedPlace): ResolvedPlace {
  const { folded: _folded, ...rest } = place;
  return rest;
}
