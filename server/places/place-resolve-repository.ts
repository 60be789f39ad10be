// SQL of place resolution: exact (folded) name matches of the gazetteer, for "City, Country" captions and for
// the names a news story mentions; equality on place_names.folded uses the prefix index (text_pattern_ops).
import type { Database } from '../db/database.js';
import { CODE_KIND } from './place-name-kind.js';

export interface ResolvedPlace {
  geonameId: number;
  name: string;
  countryCode: string;
  countryName: string | null;
  admin1Name: string | null;
  population: number;
  featureCode: string;
  capital: boolean;
  latitude: number;
  longitude: number;
}

export interface NamedPlace extends ResolvedPlace {
  /** The folded name the text used for it. */
  folded: string;
  /** That name is only an alternate of the place's (an exonym, a translation, a former name). */
  alternate: boolean;
}

const PLACE_COLUMNS = `p.geoname_id AS "geonameId", p.name, p.country_code AS "countryCode", p.country_name AS "countryName",
  p.admin1_name AS "admin1Name", p.population::float8 AS population, p.feature_code AS "featureCode", p.capital,
  ST_Y(p.geom) AS latitude, ST_X(p.geom) AS longitude`;

// The place's own (or ASCII) name ahead of an alternate, then the larger place; the region may be the country's
// name, its ISO code or a first-level division ("Paris, Texas").
const BY_NAME_IN_REGION = `
SELECT ${PLACE_COLUMNS}
FROM place_names n JOIN places p ON p.geoname_id = n.geoname_id
WHERE n.folded = gazetteer_fold($1::text) AND n.kind < ${CODE_KIND}
  AND ($2::text IS NULL
       OR gazetteer_fold(p.country_name) = gazetteer_fold($2::text)
       OR p.country_code = upper($2::text)
       OR p.country_code = $3::text
       OR gazetteer_fold(p.admin1_name) = gazetteer_fold($2::text))
ORDER BY n.kind < 2 DESC, p.population DESC, p.geoname_id
LIMIT 1`;

// Every place answering to one of the names, at least as large as asked (capitals whatever their size), largest first.
const NAMED = `
SELECT DISTINCT ON (n.folded, p.geoname_id) n.folded, n.kind = 2 AS alternate, ${PLACE_COLUMNS}
FROM place_names n JOIN places p ON p.geoname_id = n.geoname_id
WHERE n.folded = ANY($1::text[]) AND n.kind < ${CODE_KIND} AND (n.population >= $2 OR p.capital)
ORDER BY n.folded, p.geoname_id, n.kind`;

// Every country and first-level division of the gazetteer by folded name (a few thousand rows, read once).
const REGIONS = `
SELECT DISTINCT gazetteer_fold(country_name) AS folded, country_code AS "countryCode", NULL::text AS admin1
FROM places WHERE country_name IS NOT NULL
UNION
SELECT DISTINCT gazetteer_fold(admin1_name), country_code, gazetteer_fold(admin1_name)
FROM places WHERE admin1_name IS NOT NULL`;

export interface RegionName {
  folded: string;
  countryCode: string;
  /** The folded first-level division, or null for the country itself. */
  admin1: string | null;
}

export class PlaceResolveRepository {
  constructor(private readonly db: Database) {}

  /** The best place of that name in that region (country name, ISO code or first-level division), or anywhere. */
  async byNameInRegion(name: string, region: string | null, countryCode: string | null): Promise<ResolvedPlace | null> {
    const { rows } = await this.db.query<ResolvedPlace>(BY_NAME_IN_REGION, [name, region, countryCode]);
    return rows[0] ?? null;
  }

  async named(folded: readonly string[], minimumPopulation: number): Promise<NamedPlace[]> {
    if (folded.length === 0) return [];
    const { rows } = await this.db.query<NamedPlace>(NAMED, [folded, minimumPopulation]);
    return rows;
  }

  async regionNames(): Promise<RegionName[]> {
    const { rows } = await this.db.query<RegionName>(REGIONS);
    return rows;
  }

  /** Folds names as the gazetteer does (case and accents), in order. */
  async fold(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const { rows } = await this.db.query<{ folded: string }>('SELECT gazetteer_fold(name) AS folded FROM unnest($1::text[]) WITH ORDINALITY AS t(name, i) ORDER BY i', [names]);
    return rows.map((row) => row.folded);
  }
}
