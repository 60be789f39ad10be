// SQL for alert delivery through the messaging bot: lease pending alerts, record the outcome.
import type { Database } from '../db/database.js';

export interface PendingAlert {
  id: string;
  geofenceName: string;
  objectType: string;
  objectId: string;
  title: string;
  longitude: number;
  latitude: number;
  createdAt: string;
  attempts: number;
}

export const MAX_NOTIFY_ATTEMPTS = 6;

export class AlertNotificationRepository {
  constructor(private readonly db: Database) {}

  /** Leases up to `limit` alerts due for delivery (SKIP LOCKED: another process takes others). */
  async lease(limit: number, leaseSeconds: number): Promise<PendingAlert[]> {
    const { rows } = await this.db.query<{
      id: string;
      geofence_name: string;
      object_type: string;
      object_id: string;
      title: string;
      longitude: number;
      latitude: number;
      created_at: Date;
      notify_attempts: number;
    }>(
      `UPDATE alerts SET next_notify_at = now() + make_interval(secs => $2)
       WHERE id IN (SELECT id FROM alerts
                    WHERE notified_at IS NULL AND next_notify_at <= now() AND notify_attempts < $3 AND created_at > now() - interval '1 day'
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id::text, geofence_name, object_type, object_id, title,
                 ST_X(ST_PointOnSurface(geom)) AS longitude, ST_Y(ST_PointOnSurface(geom)) AS latitude, created_at, notify_attempts`,
      [limit, leaseSeconds, MAX_NOTIFY_ATTEMPTS],
    );
    return rows.map((row) => ({
      id: row.id,
      geofenceName: row.geofence_name,
      objectType: row.object_type,
      objectId: row.object_id,
      title: row.title,
      longitude: row.longitude,
      latitude: row.latitude,
      createdAt: row.created_at.toISOString(),
      attempts: row.notify_attempts,
    }));
  }

  async delivered(id: string): Promise<void> {
    await this.db.query('UPDATE alerts SET notified_at = now(), notify_error = NULL WHERE id = $1', [id]);
  }

  async failed(id: string, error: string, retryInSeconds: number): Promise<void> {
    await this.db.query(
      `UPDATE alerts SET notify_attempts = notify_attempts + 1, notify_error = $2, next_notify_at = now() + make_interval(secs => $3) WHERE id = $1`,
      [id, error.slice(0, 500), retryInSeconds],
    );
  }

  async pendingCount(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM alerts WHERE notified_at IS NULL AND notify_attempts < $1 AND created_at > now() - interval '1 day'`,
      [MAX_NOTIFY_ATTEMPTS],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
