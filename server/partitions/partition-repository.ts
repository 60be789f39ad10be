// SQL for the daily partitions of partitioned tables.
import { ALL_HOURS, FIRE_HOURS_CHANNEL } from '../fires/fire-change-feed.js';
import type { Database } from '../db/database.js';

// daysBack: fires arrive a day or two after acquisition, so their partitions start two days back; an aircraft's
// position may be a last-known one from before midnight, so its partitions start a day back.
export const DAILY_PARTITIONED_TABLES = [
  { table: 'events', keyColumn: 'ingested_at', daysBack: 0 },
  { table: 'fires', keyColumn: 'acq_time', daysBack: 2 },
  { table: 'aircraft_positions', keyColumn: 'seen_at', daysBack: 1 },
] as const;

export class PartitionRepository {
  constructor(private readonly db: Database) {}

  /** Creates the partitions for `days` days from `firstDay` (UTC) that are missing; answers how many it made. */
  async ensureDaily(table: string, keyColumn: string, firstDay: string, days: number): Promise<number> {
    const { rows } = await this.db.query<{ created: number }>(
      'SELECT vantage_ensure_daily_partitions($1::regclass, $2, $3::date, $4) AS created',
      [table, keyColumn, firstDay, days],
    );
    return rows[0]?.created ?? 0;
  }

  /** Drops whole daily partitions of days before `cutoffDay` (UTC); answers how many. */
  async dropDailyBefore(table: string, cutoffDay: string): Promise<number> {
    const { rows } = await this.db.query<{ dropped: number }>(
      'SELECT vantage_drop_daily_partitions_before($1::regclass, $2::date) AS dropped',
      [table, cutoffDay],
    );
    return rows[0]?.dropped ?? 0;
  }

  /** Rows of the default partitions and of the side tables older than the cutoff go too. */
  async deleteStraysBefore(cutoff: Date): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM events_default WHERE ingested_at < $1', [cutoff]);
    await this.db.query('DELETE FROM fires_default WHERE acq_time < $1', [cutoff]);
    await this.db.query('DELETE FROM aircraft_positions_default WHERE seen_at < $1', [cutoff]);
    await this.db.query('DELETE FROM event_urls WHERE ingested_at < $1', [cutoff]);
    await this.db.query('DELETE FROM event_minute_rollup WHERE minute < $1', [cutoff]);
    // An aircraft's pairing with a fire or incident not seen since, and the geofence presence of what has left a fence
    // or was a moment's object (a detection, a story, whose rows went above): kept for good, they grew by tens of
    // thousands of rows a day in a fire season.
    await this.db.query('DELETE FROM correlations WHERE last_seen_at < $1', [cutoff]);
    // An aircraft not seen since (its positions went with their days): a worldwide feed brings tens of thousands a day.
    await this.db.query('DELETE FROM aircraft WHERE seen_at < $1', [cutoff]);
    // An incident gone from the feed since (incident-poller.ts); alerts, raised for every detection or story that came
    // into a fence, as the events they tell of.
    await this.db.query('DELETE FROM incidents WHERE left_feed_at < $1', [cutoff]);
    await this.db.query('DELETE FROM alerts WHERE created_at < $1', [cutoff]);
    // The change counter of an hour whose detections went with their day (a row an hour, kept for good), and a
    // geocoder's answer older than the retention: asked again, a place it did not know then may be known now.
    await this.db.query('DELETE FROM fire_hour_versions WHERE hour < $1', [cutoff]);
    await this.db.query('DELETE FROM geocode_cache WHERE resolved_at < $1', [cutoff]);
    // An aircraft or incident still inside a fence stays while it is known; one whose row went above (an aircraft that
    // landed there and was not seen again, an incident that left the feed there) goes.
    await this.db.query(
      `DELETE FROM geofence_presence p WHERE p.updated_at < $1 AND (
         NOT p.inside OR p.object_type NOT IN ('aircraft', 'incident')
         OR (p.object_type = 'aircraft' AND NOT EXISTS (SELECT 1 FROM aircraft a WHERE a.icao24 = p.object_id))
         OR (p.object_type = 'incident' AND NOT EXISTS (SELECT 1 FROM incidents i WHERE i.irwin_id = p.object_id)))`,
      [cutoff],
    );
    return rowCount ?? 0;
  }

  /**
   * Tells every API process that any hour of fires may have changed (days dropped, strays deleted): their kept fire
   * tiles are checked against the database again (fire-change-feed.ts).
   */
  async announceFireRetention(): Promise<void> {
    await this.db.query(`SELECT pg_notify('${FIRE_HOURS_CHANNEL}', '${ALL_HOURS}')`);
  }

  /** The acquisition time of the newest stored fire detection (a provider's clock, not this computer's); null if none. */
  async newestFireTime(): Promise<Date | null> {
    const { rows } = await this.db.query<{ newest: Date | null }>('SELECT max(acq_time) AS newest FROM fires');
    return rows[0]?.newest ?? null;
  }

  async list(table: string): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = $1::regclass ORDER BY 1`,
      [table],
    );
    return rows.map((row) => row.name);
  }
}
