// SQL for full-text search over events: ranked, filtered by place, time and source, keyset-paginated.
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import type { EventCursor } from './event-query.js';
import type { EventSourceType, GeoJsonGeometry } from './event-record.js';
import type { StoredEventAnswer } from './event-schemas.js';

export interface EventSearchFilter {
  q?: string;
  bbox?: Bbox;
  since?: Date;
  until?: Date;
  sources?: EventSourceType[];
  /** Only events placed inside this shape (a geofence's, EWKB), when given. */
  fence?: Buffer | null;
  limit: number;
  after?: EventCursor;
}

export type FoundEvent = StoredEventAnswer;

interface FoundRow {
  id: string;
  source_type: EventSourceType;
  url: string;
  title: string;
  summary: string | null;
  geometry: string | null;
  occurred_at: Date;
  ingested_at: Date;
  payload: Record<string, unknown>;
  rank: number | null;
}

// $1 q, $2..$5 bbox, $6 since, $7 until, $8 sources, $9 limit, $10..$12 cursor (rank, occurred_at, id), $13 fence.
// A bbox whose west is east of its east crosses the antimeridian: two envelopes.
const SEARCH = `
WITH query AS (SELECT CASE WHEN $1::text IS NULL THEN NULL ELSE websearch_to_tsquery('english', search_words($1::text)) END AS tsq),
matches AS (
  SELECT e.id, e.source_type, e.url, e.title, e.summary, e.geom, e.occurred_at, e.ingested_at, e.payload,
         CASE WHEN q.tsq IS NULL THEN NULL ELSE ts_rank(e.search_vector, q.tsq) END AS rank
  FROM events e, query q
  WHERE (q.tsq IS NULL OR e.search_vector @@ q.tsq)
    AND ($2::float8 IS NULL OR (
         CASE WHEN $2::float8 <= $4::float8
              THEN e.geom && ST_MakeEnvelope($2, $3, $4, $5, 4326) AND ST_Intersects(e.geom, ST_MakeEnvelope($2, $3, $4, $5, 4326))
              ELSE ST_Intersects(e.geom, ST_MakeEnvelope($2, $3, 180, $5, 4326))
                OR ST_Intersects(e.geom, ST_MakeEnvelope(-180, $3, $4, $5, 4326))
         END))
    AND ($6::timestamptz IS NULL OR e.occurred_at >= $6)
    AND ($7::timestamptz IS NULL OR e.occurred_at < $7)
    AND ($8::event_source_type[] IS NULL OR e.source_type = ANY ($8))
    AND ($13::bytea IS NULL OR ST_Intersects(e.geom, ST_GeomFromEWKB($13::bytea)))
)
SELECT id::text, source_type, url, title, summary, ST_AsGeoJSON(geom) AS geometry, occurred_at, ingested_at, payload, rank
FROM matches
WHERE $12::bigint IS NULL
   OR (CASE WHEN rank IS NULL
            THEN (occurred_at, id) < ($11::timestamptz, $12::bigint)
            ELSE (rank, occurred_at, id) < ($10::real, $11::timestamptz, $12::bigint) END)
ORDER BY rank DESC NULLS LAST, occurred_at DESC, id DESC
LIMIT $9`;

export class EventSearchRepository {
  constructor(private readonly db: Database) {}

  async search(filter: EventSearchFilter): Promise<FoundEvent[]> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<FoundRow>(SEARCH, [
      filter.q ?? null,
      west,
      south,
      east,
      north,
      filter.since ?? null,
      filter.until ?? null,
      filter.sources ?? null,
      filter.limit,
      filter.after?.rank ?? null,
      filter.after?.occurredAt ?? null,
      filter.after?.id ?? null,
      filter.fence ?? null,
    ]);
    return rows.map((row) => ({
      id: row.id,
      sourceType: row.source_type,
      url: row.url,
      title: row.title,
      summary: row.summary,
      geometry: row.geometry ? (JSON.parse(row.geometry) as GeoJsonGeometry) : null,
      occurredAt: row.occurred_at.toISOString(),
      ingestedAt: row.ingested_at.toISOString(),
      payload: row.payload,
      rank: row.rank,
    }));
  }
}
