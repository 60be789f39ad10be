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
