// SQL of place search: names folded by gazetteer_fold (case and accents), prefix matches first (exact ones
// ahead), then trigram neighbours for misspellings where pg_trgm is installed; the larger place wins a tie.
import { countryOfShortName } from './country-short-names.js';
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import { CODE_KIND } from './place-name-kind.js';

export interface PlaceHit {
  geonameId: number;
  name: string;
  /** The name that matched, when it is not the place's own (an alternate such as "Kiev"). */
  matched: string;
  countryCode: string;
  countryName: string | null;
  admin1Name: string | null;
  population: number;
  featureCode: string;
  latitude: number;
  longitude: number;
  exact: boolean;
  /** It lies in the map's view the search was asked from (false without one). */
  inView: boolean;
  /** It matched by its own name (or its ASCII spelling), not an alternate. */
  ownName: boolean;
  /** It matched only by a code typed whole ("LAX" for Los Angeles), not by a name. */
  code: boolean;
}

export interface BoundaryHit {
  level: 0 | 1;
  name: string;
  countryCode: string | null;
  countryName: string | null;
  latitude: number;
  longitude: number;
  bbox: [number, number, number, number];
  /** Found by a short name of the country ("UK"), not by its own. */
  byShortName: boolean;
}

// The end of a prefix statement: the places of its `candidates` (geoname_id, matched, kind, exact), each once by its
// best-matching name: exact matches first, then, among the others, places matched by their own name (not an
// alternate: "San Fr" is San Francisco before Quito, "San Francisco de Quito"; an exact alternate stays as good as an
// exact own name: "Roma" is Rome before Roma, Texas, unless a place of its own country is named so: "Manchester" lists
// Manchester, New Hampshire before Richmond, Virginia, which once had a Manchester); among exact matches a capital or a city of a million first (the
// map opens over California, and "London" flew to London, California, a town of 2,000 in view); then those inside
// the map's view (parameter `view`: west, south, east, north, or null; west > east crosses the antimeridian), then the
// larger places ($3: how many).
const MAJOR_CITY_POPULATION = 1_000_000;

function placesOfCandidates(view: number): string {
  return `
best AS (
  SELECT DISTINCT ON (geoname_id) * FROM candidates ORDER BY geoname_id, exact DESC, kind
),
-- The countries with a place of its own name exactly the text: there, a place that only has it among its other names
-- (Richmond, Virginia's "Manchester", Dayton's "Venice") comes after the places named so.
own_name_countries AS (
  SELECT DISTINCT o.country_code FROM candidates c JOIN places o ON o.geoname_id = c.geoname_id WHERE c.exact AND c.kind < 2
)
SELECT p.geoname_id AS "geonameId", p.name, best.matched, p.country_code AS "countryCode", p.country_name AS "countryName",
       p.admin1_name AS "admin1Name", p.population::float8 AS population, p.feature_code AS "featureCode",
       ST_Y(p.geom) AS latitude, ST_X(p.geom) AS longitude, best.exact, best.kind < 2 AS "ownName", best.kind = ${CODE_KIND} AS code,
       ($${view}::float8[] IS NOT NULL AND ${pointInView('ST_Y(p.geom)', 'ST_X(p.geom)', `($${view}::float8[])`)}) IS TRUE AS "inView"
FROM best JOIN places p ON p.geoname_id = best.geoname_id
ORDER BY best.exact DESC, (best.exact OR best.kind < 2) DESC, (best.exact AND (p.capital OR p.population >= ${MAJOR_CITY_POPULATION})) DESC,
         (best.exact AND best.kind >= 2 AND NOT (p.capital OR p.population >= ${MAJOR_CITY_POPULATION})
          AND p.country_code IN (SELECT country_code FROM own_name_countries)) ASC,
         "inView" DESC, p.population DESC, p.geoname_id
LIMIT $3`;
}

/** SQL: the point lies in the view (an array west, south, east, north; west > east: across the antimeridian). */
export function pointInView(latitude: string, longitude: string, view: string): string {
  return `${latitude} BETWEEN ${view}[2] AND ${view}[4]
    AND CASE WHEN ${view}[1] <= ${view}[3] THEN ${longitude} BETWEEN ${view}[1] AND ${view}[3]
             ELSE ${longitude} >= ${view}[1] OR ${longitude} <= ${view}[3] END`;
}

// Candidates are the best few hundred names by (exact, own name, population) so a short prefix ("pa") stays cheap. A
// code is a candidate only when typed whole: "LAX" finds Los Angeles, and "LA" lists no place by a code that starts so.
// $4 the view.
const PREFIX = `
WITH q AS (SELECT gazetteer_fold($1::text) AS folded),
candidates AS (
  SELECT n.geoname_id, n.name AS matched, n.kind, n.folded = q.folded AS exact, n.population
  FROM place_names n, q
  WHERE n.folded LIKE gazetteer_fold($2::text) || '%' AND (n.kind < ${CODE_KIND} OR n.folded = q.folded)
  ORDER BY n.folded = q.folded DESC, (n.folded = q.folded OR n.kind < 2) DESC, n.population DESC, n.kind
  LIMIT 400
),
${placesOfCandidates(4)}`;

// As PREFIX, among the places in the regions a query names after commas ("Paradise, CA", "Paris, Texas", "Lima,
// Peru"): each region is a state's code (US "CA") or a country's (ISO "PE"), or the start of a state's or a country's
// name from three letters on. Places are filtered before the limit: a small place of a common name is still found.
// $6 the view.
const PREFIX_IN_REGIONS = `
WITH q AS (SELECT gazetteer_fold($1::text) AS folded),
regions AS (
  SELECT upper(r.region) AS code, gazetteer_fold(r.pattern) AS pattern, length(r.region) >= 3 AS named
  FROM unnest($4::text[], $5::text[]) AS r(region, pattern)
),
candidates AS (
  SELECT n.geoname_id, n.name AS matched, n.kind, n.folded = q.folded AS exact, n.population
  FROM place_names n, q
  WHERE n.folded LIKE gazetteer_fold($2::text) || '%' AND (n.kind < ${CODE_KIND} OR n.folded = q.folded)
    AND NOT EXISTS (
      SELECT 1 FROM regions r, places p
      WHERE p.geoname_id = n.geoname_id
        -- IS NOT TRUE: a place with no state code or name (NULL) lies in no region named.
        AND (upper(p.admin1_code) = r.code OR p.country_code = r.code
             OR (r.named AND (gazetteer_fold(p.admin1_name) LIKE r.pattern || '%' OR gazetteer_fold(p.country_name) LIKE r.pattern || '%'))) IS NOT TRUE)
  ORDER BY n.folded = q.folded DESC, (n.folded = q.folded OR n.kind < 2) DESC, n.population DESC, n.kind
  LIMIT 400
),
${placesOfCandidates(6)}`;

const SIMILAR = `
WITH q AS (SELECT gazetteer_fold($1::text) AS folded),
candidates AS (
  SELECT n.geoname_id, n.name AS matched, n.kind, similarity(n.folded, q.folded) AS score
  FROM place_names n, q
  WHERE n.folded % q.folded AND n.kind < ${CODE_KIND}
  ORDER BY similarity(n.folded, q.folded) DESC, n.population DESC
  LIMIT 200
),
best AS (
  SELECT DISTINCT ON (geoname_id) * FROM candidates ORDER BY geoname_id, score DESC
)
SELECT p.geoname_id AS "geonameId", p.name, best.matched, p.country_code AS "countryCode", p.country_name AS "countryName",
       p.admin1_name AS "admin1Name", p.population::float8 AS population, p.feature_code AS "featureCode",
       ST_Y(p.geom) AS latitude, ST_X(p.geom) AS longitude, false AS exact, false AS "inView", best.kind < 2 AS "ownName", false AS code
FROM best JOIN places p ON p.geoname_id = best.geoname_id
WHERE best.score >= $3
ORDER BY round(best.score::numeric, 1) DESC, p.population DESC, p.geoname_id
LIMIT $2`;

const BOUNDARIES = `
SELECT b.level, b.name, b.country_code AS "countryCode",
       (SELECT c.country_name FROM places c WHERE c.country_code = b.country_code LIMIT 1) AS "countryName",
       ST_Y(b.label_point) AS latitude, ST_X(b.label_point) AS longitude,
       coalesce(b.view_bbox, ARRAY[ST_XMin(b.geom), ST_YMin(b.geom), ST_XMax(b.geom), ST_YMax(b.geom)]) AS bbox,
       coalesce(b.level = 0 AND b.country_code = $4::text, false) AS "byShortName"
FROM boundaries b
WHERE gazetteer_fold(b.name) LIKE gazetteer_fold($1::text) || '%' OR (b.level = 0 AND b.country_code = $4::text)
ORDER BY (gazetteer_fold(b.name) = gazetteer_fold($2::text) OR (b.level = 0 AND b.country_code = $4::text)) DESC, b.level, ST_Area(b.geom) DESC
LIMIT $3`;

// The nearest place of the gazetteer within 50 km (the GiST index answers <-> in distance order).
const NEAREST = `
SELECT p.name, p.admin1_name AS "admin1Name", p.country_name AS "countryName",
       ST_Distance(p.geom::geography, ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography) AS metres
FROM places p
ORDER BY p.geom <-> ST_SetSRID(ST_MakePoint($2, $1), 4326), p.geoname_id
LIMIT 1`;

export interface NearestPlace {
  name: string;
  admin1Name: string | null;
  countryName: string | null;
  metres: number;
}

/** The text with LIKE's own characters taken literally (folding keeps the backslashes); SQL appends the `%`. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class PlaceSearchRepository {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly db: Database) {}

  /** Whether pg_trgm is installed (checked once). */
  hasTrigram(): Promise<boolean> {
    this.trigram ??= this.db
      .query<{ present: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present")
      .then(({ rows }) => rows[0]?.present === true)
      .catch(() => {
        this.trigram = null;
        return false;
      });
    return this.trigram;
  }

  /** Places whose names start with `text`; among equally good matches, those inside `view` (the map's) first. */
  async byPrefix(text: string, limit: number, view?: Bbox): Promise<PlaceHit[]> {
    // gazetteer_fold of a bound parameter is folded to a constant when the statement is planned: the prefix index applies.
    const { rows } = await this.db.query<PlaceHit>(PREFIX, [text, likeLiteral(text), limit, view ?? null]);
    return rows;
  }

  /** As byPrefix, among the places lying in every one of `regions` (codes or names of states and countries). */
  async byPrefixInRegions(text: string, regions: readonly string[], limit: number, view?: Bbox): Promise<PlaceHit[]> {
    const { rows } = await this.db.query<PlaceHit>(PREFIX_IN_REGIONS, [text, likeLiteral(text), limit, regions, regions.map(likeLiteral), view ?? null]);
    return rows;
  }

  async bySimilarity(text: string, limit: number, minimumScore: number): Promise<PlaceHit[]> {
    const { rows } = await this.db.query<PlaceHit>(SIMILAR, [text, limit, minimumScore]);
    return rows;
  }

  async nearest(latitude: number, longitude: number): Promise<NearestPlace | null> {
    const { rows } = await this.db.query<NearestPlace>(NEAREST, [latitude, longitude]);
    return rows[0] ?? null;
  }

  async boundaries(text: string, limit: number): Promise<BoundaryHit[]> {
    const { rows } = await this.db.query<BoundaryHit>(BOUNDARIES, [likeLiteral(text), text, limit, countryOfShortName(text)]);
    return rows;
  }
}
