// SQL of the search box's other finds, read from the tables their domains keep: aircraft by callsign,
// registration or ICAO hex; wildfire incidents by name; news stories by their text (the stories' own index).
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import { newsPlacementJoin } from '../news/news-placement-sql.js';
import { placeNameWordsCondition } from '../news/place-name-words-sql.js';
import { storyWordPrefixes } from '../news/news-search-terms.js';
import { pointInView } from './place-search-repository.js';

export interface AircraftHit {
  icao24: string;
  callsign: string | null;
  registration: string | null;
  typeCode: string | null;
  latitude: number;
  longitude: number;
  seenAt: string;
}

export interface IncidentHit {
  id: string;
  kind: string | null;
  name: string;
  state: string | null;
  sizeAcres: number | null;
  latitude: number;
  longitude: number;
  /** It lies in the map's view the search was asked from (false without one). */
  inView: boolean;
}

export interface NewsHit {
  id: number;
  title: string;
  link: string | null;
  publishedAt: string | null;
  /** Where the story is on the map (its `news` event), when it was placed; null otherwise. */
  latitude: number | null;
  longitude: number | null;
  /** The place it was placed at ("Paris, France"). */
  place: string | null;
}

const AIRCRAFT = `
SELECT icao24, callsign, registration, type_code AS "typeCode", ST_Y(geom) AS latitude, ST_X(geom) AS longitude,
       to_char(seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "seenAt"
FROM aircraft
WHERE upper(trim(callsign)) LIKE $1 OR upper(registration) LIKE $1 OR upper(icao24) LIKE $1
ORDER BY (upper(trim(callsign)) = $2 OR upper(registration) = $2 OR upper(icao24) = $2) DESC, seen_at DESC
LIMIT $3`;

// $1 the text as a pattern, $2 the text, $4 and $5 the same of its name without "fire" (see incidentNameOf), $6 the
// map's view (west, south, east, north, or null): the named one first, then those in view, then the largest.
const INCIDENTS = `
SELECT irwin_id AS id, kind, name, state, size_acres AS "sizeAcres", ST_Y(geom) AS latitude, ST_X(geom) AS longitude,
       ($6::float8[] IS NOT NULL AND ${pointInView('ST_Y(geom)', 'ST_X(geom)', '($6::float8[])')}) IS TRUE AS "inView"
FROM current_incidents
WHERE lower(name) LIKE $1 OR lower(name) LIKE $4
ORDER BY lower(name) IN ($2, $5) DESC, "inView" DESC, size_acres DESC NULLS LAST, name
LIMIT $3`;

/**
 * The name an incident is filed under when the text adds what it is: "Eaton Fire" is EATON (WFIGS names the fire, not
 * its kind), "Caldor Complex" is CALDOR. The text itself otherwise.
 */
export function incidentNameOf(text: string): string {
  const lower = text.trim().toLowerCase();
  const stem = lower.replace(/\s+(wildfire|fire|complex|incident)$/, '');
  return stem.length > 0 ? stem : lower;
}

// The story's event, when it was placed on the map: its URL names the story (found by events_news_url_idx). A place's
// name is matched word for word ($3 its words, $4 the text: place-name-words-sql.ts).
const NEWS = `
SELECT n.id::float8 AS id, n.title, n.link,
       to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt",
       ST_Y(e.geom) AS latitude, ST_X(e.geom) AS longitude, e.payload->>'place' AS place
FROM (
  SELECT id, title, link, published_at, ts_rank(search_vector, websearch_to_tsquery('english', search_words($1::text))) AS rank
  FROM news_items
  WHERE search_vector @@ websearch_to_tsquery('english', search_words($1::text))
    AND ${placeNameWordsCondition('news_items', '$3', '$4')}
  ORDER BY rank DESC, published_at DESC NULLS LAST
  LIMIT $2
) AS n
${newsPlacementJoin('n.id', 'e')}
ORDER BY n.rank DESC, n.published_at DESC NULLS LAST`;

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class ObjectSearchRepository {
  constructor(private readonly db: Database) {}

  async aircraft(text: string, limit: number): Promise<AircraftHit[]> {
    // Callsigns and registrations hold no spaces: "AMX 174" as written in the news is AMX174.
    const upper = text.replace(/\s+/g, '').toUpperCase();
    const { rows } = await this.db.query<AircraftHit>(AIRCRAFT, [`${upper.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, upper, limit]);
    return rows;
  }

  /** `view`: the map's view, whose incidents come first after the one of that very name. */
  async incidents(text: string, limit: number, view?: Bbox): Promise<IncidentHit[]> {
    const lower = text.trim().toLowerCase();
    const name = incidentNameOf(lower);
    const { rows } = await this.db.query<IncidentHit>(INCIDENTS, [containsPattern(lower), lower, limit, containsPattern(name), name, view ?? null]);
    return rows;
  }

  async news(text: string, limit: number): Promise<NewsHit[]> {
    const { rows } = await this.db.query<NewsHit>(NEWS, [text, limit, storyWordPrefixes(text), text.trim()]);
    return rows;
  }
}
