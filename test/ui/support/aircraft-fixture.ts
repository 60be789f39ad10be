// Puts an aircraft position straight into the stack's database: in real use they come from an ADS-B
// feed on the internet, which a test must not reach.
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

export interface TestAircraft {
  icao24: string;
  callsign: string;
  longitude: number;
  latitude: number;
  trackDeg: number;
  firefighting: boolean;
}

export async function placeAircraft(plane: TestAircraft): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO aircraft (icao24, callsign, type_code, geom, altitude_ft, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source)
       VALUES ($1, $2, 'C130', ST_SetSRID(ST_MakePoint($3, $4), 4326), 2500, 180, $5, now(), $6, CASE WHEN $6 THEN 'ui test tanker' END, 'ui-test')
       ON CONFLICT (icao24) DO UPDATE SET geom = EXCLUDED.geom, track_deg = EXCLUDED.track_deg, seen_at = now(), firefighting = EXCLUDED.firefighting`,
      [plane.icao24, plane.callsign, plane.longitude, plane.latitude, plane.trackDeg, plane.firefighting],
    );
  } finally {
    await client.end();
  }
}

/** Pairs an aircraft with a fire or an incident, as the aircraft job does when one flies near the other. */
/** `seenAt`: when the pair was first and last seen (now unless given: a pair of the past, for playback). */
export async function placePair(icao24: string, targetType: 'fire' | 'incident', targetId: string, distanceM: number, seenAt?: Date): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO correlations (icao24, target_type, target_id, distance_m, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()), coalesce($5::timestamptz, now()))
       ON CONFLICT (icao24, target_type, target_id) DO UPDATE SET distance_m = EXCLUDED.distance_m, last_seen_at = EXCLUDED.last_seen_at`,
      [icao24, targetType, targetId, distanceM, seenAt ?? null],
    );
  } finally {
    await client.end();
  }
}
