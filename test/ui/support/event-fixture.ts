// Puts a placed event (a news story, a camera event…) straight into the stack's events table and the timeline's
// minute counts: in real use they arrive through the bus and the ingester from sources on the internet, which a test
// must not reach.
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

export interface TestEvent {
  sourceType: 'news' | 'camera';
  title: string;
  longitude: number;
  latitude: number;
  /** Minutes before now (default 10). */
  minutesAgo?: number;
}

/** Answers the event's id; each call stores a new event (its URL is unique). */
export async function placeEvent(event: TestEvent): Promise<string> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    const url = `https://events.example.org/${encodeURIComponent(event.title)}/${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await client.query('INSERT INTO event_urls (url, ingested_at) VALUES ($1, now())', [url]);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO events (source_type, url, title, summary, geom, occurred_at, ingested_at, payload)
       VALUES ($1, $2, $3, NULL, ST_SetSRID(ST_MakePoint($4, $5), 4326), now() - make_interval(mins => $6), now(), jsonb_build_object('url', $2::text))
       RETURNING id::text`,
      [event.sourceType, url, event.title, event.longitude, event.latitude, event.minutesAgo ?? 10],
    );
    // Counted on the timeline as the ingester counts what it stores (event-store-repository.ts).
    await client.query(
      `INSERT INTO event_minute_rollup AS r (minute, source_type, cell, count)
       SELECT date_trunc('minute', occurred_at), source_type, vantage_grid_cell(geom), 1 FROM events WHERE id = $1
       ON CONFLICT (minute, source_type, cell) DO UPDATE SET count = r.count + 1`,
      [rows[0]!.id],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}
