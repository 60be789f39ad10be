// SQL for the camera directories edited in the app: one saved list, or none (then CAMERA_SOURCES applies).
import type { Database } from '../db/database.js';

export class CameraSourceRepository {
  constructor(private readonly db: Database) {}

  /** The saved list, or null when the user has not saved one. */
  async saved(): Promise<{ urls: string[]; updatedAt: string } | null> {
    const { rows } = await this.db.query<{ urls: string[]; updated_at: Date }>('SELECT urls, updated_at FROM camera_source_list');
    return rows[0] ? { urls: rows[0].urls, updatedAt: rows[0].updated_at.toISOString() } : null;
  }

  async save(urls: readonly string[]): Promise<void> {
    await this.db.query(
      `INSERT INTO camera_source_list (singleton, urls) VALUES (true, $1)
       ON CONFLICT (singleton) DO UPDATE SET urls = EXCLUDED.urls, updated_at = now()`,
      [urls],
    );
  }

  async forget(): Promise<void> {
    await this.db.query('DELETE FROM camera_source_list');
  }
}
