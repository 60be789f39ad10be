// Places a wildfire incident straight into the stack's database: in real use they come from the WFIGS feed, which the
// UI stack points at a closed port.
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

/** `discoveredMinutesAgo`: when it was discovered (a day ago unless given); `kind` as the poller stores IRWIN's category (none unless given). */
export async function placeIncident(incident: {
  irwinId: string;
  name: string;
  acres: number;
  longitude: number;
  latitude: number;
  discoveredMinutesAgo?: number;
  kind?: 'wildfire' | 'prescribed' | 'complex';
}): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO incidents (irwin_id, name, size_acres, percent_contained, discovered_at, state, geom, kind)
       VALUES ($1, $2, $3, 20, now() - make_interval(mins => $6), 'US-CA', ST_SetSRID(ST_MakePoint($4, $5), 4326), $7)
       ON CONFLICT (irwin_id) DO UPDATE SET name = EXCLUDED.name, size_acres = EXCLUDED.size_acres, discovered_at = EXCLUDED.discovered_at, geom = EXCLUDED.geom, kind = EXCLUDED.kind`,
      [incident.irwinId, incident.name, incident.acres, incident.longitude, incident.latitude, incident.discoveredMinutesAgo ?? 24 * 60, incident.kind ?? null],
    );
  } finally {
    await client.end();
  }
}

/**
 * Places `count` small incidents (half an acre each) on a grid inside a box of its own, their IrwinIDs starting with
 * `prefix`; answers a function that removes them. Small, so that any incident another spec places is larger and read first.
 */
export async function placeIncidentGrid(prefix: string, count: number, box: { west: number; south: number; east: number; north: number }): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    const side = Math.ceil(Math.sqrt(count));
    await client.query(
      `INSERT INTO incidents (irwin_id, name, size_acres, percent_contained, discovered_at, state, geom, kind)
       SELECT $1::text || n, 'Grid ' || n, 0.5, 0, now() - interval '1 day', 'US-AK',
              ST_SetSRID(ST_MakePoint($3::float8 + ($5::float8 - $3::float8) * ((n % $7::int) + 0.5) / $7::int,
                                      $4::float8 + ($6::float8 - $4::float8) * ((n / $7::int) + 0.5) / $7::int), 4326), 'wildfire'
       FROM generate_series(0, $2::int - 1) AS n
       ON CONFLICT (irwin_id) DO NOTHING`,
      [prefix, count, box.west, box.south, box.east, box.north, side],
    );
  } finally {
    await client.end();
  }
  return async () => {
    const cleaner = new pg.Client({ connectionString: uiDatabaseUrl() });
    await cleaner.connect();
    try {
      await cleaner.query('DELETE FROM incidents WHERE irwin_id LIKE $1', [`${prefix}%`]);
    } finally {
      await cleaner.end();
    }
  };
}
