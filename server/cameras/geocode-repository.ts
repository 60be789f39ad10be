// SQL for the geocoder's cache: one row per place query, found or not.
import type { Database } from '../db/database.js';

export interface CachedPlace {
  found: boolean;
  latitude: number | null;
  longitude: number | null;
  display: string | null;
}

export class GeocodeRepository {
  constructor(private readonly db: Database) {}

  async get(query: string): Promise<CachedPlace | null> {
    const { rows } = await this.db.query<{ found: boolean; latitude: number | null; longitude: number | null; display: string | null }>(
      'SELECT found, latitude, longitude, display FROM geocode_cache WHERE query = $1',
      [query],
    );
    return rows[0] ?? null;
  }

  async put(query: string, place: CachedPlace): Promise<void> {
    await this.db.query(
      `INSERT INTO geocode_cache (query, latitude, longitude, display, found) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (query) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
         display = EXCLUDED.display, found = EXCLUDED.found, resolved_at = now()`,
      [query, place.latitude, place.longitude, place.display, place.found],
    );
  }
}
