// Places a camera straight into the stack's database: in real use they come from crawling public
// directories, which a test must not reach.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

export async function placeCamera(camera: { title: string; longitude: number; latitude: number; city: string; country: string }): Promise<string> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    // A loopback address: the snapshot guard refuses it, so nothing is ever fetched.
    const url = `http://127.0.0.1:9/${encodeURIComponent(camera.title)}.jpg`;
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO cameras (url_hash, url, title, city, country, source, geom, place_status)
       VALUES ($1, $2, $3, $4, $5, 'ui-test', ST_SetSRID(ST_MakePoint($6, $7), 4326), 'placed')
       ON CONFLICT (url_hash) DO UPDATE SET title = EXCLUDED.title RETURNING id::text`,
      [createHash('sha256').update(url).digest('hex'), url, camera.title, camera.city, camera.country, camera.longitude, camera.latitude],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}
