// SQL that stores a batch of events once each, in one statement, with the minute rollup alongside.
import type { Queryable } from '../db/database.js';
import type { LiveEvent } from './event-schemas.js';
import type { EventRecord, EventSourceType } from './event-record.js';

/** What the ingester stored, as the live socket announces it. */
export type StoredEvent = LiveEvent;

interface StoredRow {
  id: string;
  source_type: EventSourceType;
  url: string;
  title: string;
  summary: string | null;
  geometry: string | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  occurred_at: Date;
  ingested_at: Date;
}

// Duplicates inside the batch collapse to their first occurrence; URLs already claimed in
// event_urls (by an earlier batch or a concurrent ingester) insert nothing and raise nothing.
const STORE_BATCH = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS x(ord int, source_type event_source_type, url text, title text, summary text,
         geometry jsonb, occurred_at timestamptz, payload jsonb)
), unique_input AS (
  SELECT DISTINCT ON (url) * FROM input ORDER BY url, ord
), claimed AS (
  INSERT INTO event_urls (url, ingested_at)
  SELECT url, $2 FROM unique_input
  ON CONFLICT (url) DO NOTHING
  RETURNING url
), inserted AS (
  INSERT INTO events (source_type, url, title, summary, geom, occurred_at, ingested_at, payload)
  SELECT u.source_type, u.url, u.title, u.summary,
         CASE WHEN u.geometry IS NULL THEN NULL ELSE ST_SetSRID(ST_GeomFromGeoJSON(u.geometry), 4326) END,
         u.occurred_at, $2, u.payload
  FROM unique_input u JOIN claimed c USING (url)
  ORDER BY u.ord
  RETURNING id, source_type, url, title, summary, geom, occurred_at, ingested_at
), rollup AS (
  INSERT INTO event_minute_rollup AS r (minute, source_type, cell, count)
  SELECT date_trunc('minute', occurred_at), source_type, vantage_grid_cell(geom), count(*)
  FROM inserted GROUP BY 1, 2, 3
  ON CONFLICT (minute, source_type, cell) DO UPDATE SET count = r.count + EXCLUDED.count
)
SELECT id::text, source_type, url, title, summary, ST_AsGeoJSON(geom) AS geometry,
       ST_XMin(geom) AS west, ST_YMin(geom) AS south, ST_XMax(geom) AS east, ST_YMax(geom) AS north,
       occurred_at, ingested_at
FROM inserted`;

export class EventStoreRepository {
  /** Stores the records not seen before, in one statement (all or none); answers the ones it stored. */
  async storeBatch(client: Queryable, records: readonly EventRecord[], ingestedAt: Date = new Date()): Promise<StoredEvent[]> {
    if (records.length === 0) return [];
    const input = records.map((record, ord) => ({
      ord,
      source_type: record.sourceType,
      url: record.url,
      title: record.title,
      summary: record.summary,
      geometry: record.geometry,
      occurred_at: record.occurredAt,
      payload: record.payload,
    }));
    const { rows } = await client.query<StoredRow>(STORE_BATCH, [JSON.stringify(input), ingestedAt]);
    // The payload goes out live as it came in (a fire keeps its satellite, FRP, day/night): no round trip.
    const payloadOf = new Map(records.map((record) => [record.url, record.payload]));
    return rows.map((row) => ({
      id: row.id,
      sourceType: row.source_type,
      url: row.url,
      title: row.title,
      summary: row.summary,
      geometry: row.geometry ? (JSON.parse(row.geometry) as StoredEvent['geometry']) : null,
      bbox: row.west === null ? null : [row.west, row.south as number, row.east as number, row.north as number],
      occurredAt: row.occurred_at.toISOString(),
      ingestedAt: row.ingested_at.toISOString(),
      payload: payloadOf.get(row.url) ?? {},
    }));
  }
}
