// Puts an aircraft's recent track straight into the stack's database (aircraft_positions), as the ADS-B poller writes
// it: in real use the positions come from a feed on the internet, which a test must not reach.
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

/** One position a minute over the last `minutes`, flying from `from` to `to` (the last one now). */
export async function placeTrail(icao24: string, from: [number, number], to: [number, number], minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, on_ground)
       SELECT $1::text, now() - (($6::int - g) * interval '1 minute'),
              ST_SetSRID(ST_MakePoint($2::float8 + ($4::float8 - $2::float8) * g / $6::float8,
                                      $3::float8 + ($5::float8 - $3::float8) * g / $6::float8), 4326), 2500, false
       FROM generate_series(0, $6::int) g`,
      [icao24, from[0], from[1], to[0], to[1], minutes],
    );
  } finally {
    await client.end();
  }
}

/** One position at each of these instants, all at one spot: polls of a stationary aircraft, with nothing between. */
export async function placePositions(icao24: string, spot: [number, number], instants: readonly Date[]): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, on_ground)
       SELECT $1::text, seen_at, ST_SetSRID(ST_MakePoint($2::float8, $3::float8), 4326), 2500, false
       FROM unnest($4::timestamptz[]) AS seen_at`,
      [icao24, spot[0], spot[1], instants],
    );
  } finally {
    await client.end();
  }
}
