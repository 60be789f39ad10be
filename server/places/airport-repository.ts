// SQL of the airports (020_airports): filled from the packaged airports after the places, and searched by a code typed
// whole (IATA, ICAO or GPS code) or by the starts of the words of the name and town.
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import type { AirportRecord } from './airport-source.js';
import { loadOncePerVersion } from './gazetteer-lock.js';
import { pointInView } from './place-search-repository.js';

/** A packaged airport as search found it. */
export interface AirportHit extends AirportRecord {
  /** Found by a code typed whole, not by words of its name. */
  byCode: boolean;
  /** It lies in the map's view the search was asked from (false without one). */
  inView: boolean;
  /** Every word typed is a whole word of its name or town ("Roma": Roma, Queensland, not Cape Romanzof). */
  wholeWords: boolean;
}

// Every airport's words end with "airport": "Sacramento airport" finds McClellan Airfield too.
const INSERT_AIRPORTS = `
INSERT INTO airports (ident, iata, gps_code, name, municipality, region_name, country_code, country_name, large, words, geom)
SELECT ident, iata, "gpsCode", name, municipality, "regionName", "countryCode", "countryName", large,
       ' ' || trim(regexp_replace(gazetteer_fold(name || ' ' || coalesce(municipality, '')), '[^[:alnum:]]+', ' ', 'g')) || ' airport ',
       ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
FROM json_to_recordset($1::json) AS r(ident text, iata text, "gpsCode" text, name text, municipality text, "regionName" text,
                                      "countryCode" text, "countryName" text, large boolean, latitude float8, longitude float8)
ON CONFLICT (ident) DO NOTHING`;

// $1 the text, $2 how many, $3 the view (west, south, east, north, or null). Words match from a word's start; a name
// is looked for only from three characters on ("LA" is no airport's start of a word worth listing).
const NAME_MIN_LENGTH = 3;
const SEARCH = `
WITH q AS (SELECT upper(trim($1::text)) AS code, gazetteer_fold(trim($1::text)) AS folded),
-- One pattern per word typed (split at what is not a letter or digit, so no LIKE character is left in one).
patterns AS (
  SELECT array_agg('% ' || w || '%') AS each, array_agg('% ' || w || ' %') AS whole
  FROM q, regexp_split_to_table(q.folded, '[^[:alnum:]]+') AS w
  WHERE w <> '' AND length(q.folded) >= ${NAME_MIN_LENGTH}
),
found AS (
  -- IS TRUE: an airport without a GPS code (NULL) is not found by code, and NULL would sort first below.
  SELECT a.*, (a.iata = q.code OR a.ident = q.code OR a.gps_code = q.code) IS TRUE AS by_code,
         (a.words LIKE ALL (patterns.whole)) IS TRUE AS whole_words
  FROM airports a, q, patterns
  WHERE a.iata = q.code OR a.ident = q.code OR a.gps_code = q.code OR a.words LIKE ALL (patterns.each)
)
SELECT ident, iata, gps_code AS "gpsCode", name, municipality, region_name AS "regionName", country_name AS "countryName",
       country_code AS "countryCode", large, ST_Y(geom) AS latitude, ST_X(geom) AS longitude, by_code AS "byCode",
       whole_words AS "wholeWords",
       ($3::float8[] IS NOT NULL AND ${pointInView('ST_Y(geom)', 'ST_X(geom)', '($3::float8[])')}) IS TRUE AS "inView"
FROM found
ORDER BY by_code DESC, whole_words DESC, "inView" DESC, large DESC,
         -- Nearest the view's centre first ("airport" lists the airports around it); a view across the antimeridian
         -- (west > east) has its centre 180° from the plain mean.
         CASE WHEN $3::float8[] IS NULL THEN NULL
              ELSE geom <-> ST_SetSRID(ST_MakePoint(CASE WHEN ($3::float8[])[1] <= ($3::float8[])[3] THEN (($3::float8[])[1] + ($3::float8[])[3]) / 2
                                                         ELSE (($3::float8[])[1] + ($3::float8[])[3]) / 2 + 180 END,
                                                    (($3::float8[])[2] + ($3::float8[])[4]) / 2), 4326) END,
         name, ident
LIMIT $2`;

export class AirportRepository {
  constructor(private readonly db: Database) {}

  /**
   * Fills airports unless it holds this version's already, under the gazetteer's lock in a transaction of its own;
   * 'busy' when another process holds the lock (it is loading the gazetteer, the airports or the land).
   */
  async load(version: string, records: () => Promise<AirportRecord[]>): Promise<'loaded' | 'present' | 'busy'> {
    return loadOncePerVersion(this.db, 'airports_version', version, async (client) => {
      await client.query('DELETE FROM airports');
      await client.query(INSERT_AIRPORTS, [JSON.stringify(await records())]);
    });
  }

  async analyze(): Promise<void> {
    await this.db.query('ANALYZE airports');
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM airports');
    return rows[0]?.n ?? 0;
  }

  /** Airports of a code typed whole, else of the words typed: by code first, then those in `view`, large ones, nearest its centre. */
  async search(text: string, limit: number, view?: Bbox): Promise<AirportHit[]> {
    const { rows } = await this.db.query<AirportHit>(SEARCH, [text, limit, view ?? null]);
    return rows;
  }
}
