// SQL for the built-in directories' state: switched on or off (no row = off), and each one's latest crawl.
import type { Database } from '../db/database.js';

export interface DirectoryState {
  id: string;
  enabled: boolean;
  switchedAt: string;
  lastCrawlAt: string | null;
  lastCrawlCameras: number | null;
  lastCrawlError: string | null;
}

interface StateRow {
  id: string;
  enabled: boolean;
  switched_at: Date;
  last_crawl_at: Date | null;
  last_crawl_cameras: number | null;
  last_crawl_error: string | null;
}

function toState(row: StateRow): DirectoryState {
  return {
    id: row.id,
    enabled: row.enabled,
    switchedAt: row.switched_at.toISOString(),
    lastCrawlAt: row.last_crawl_at?.toISOString() ?? null,
    lastCrawlCameras: row.last_crawl_cameras,
    lastCrawlError: row.last_crawl_error,
  };
}

export class OfficialDirectoryRepository {
  constructor(private readonly db: Database) {}

  async states(): Promise<Map<string, DirectoryState>> {
    const { rows } = await this.db.query<StateRow>('SELECT * FROM camera_directories');
    return new Map(rows.map((row) => [row.id, toState(row)]));
  }

  async enabledIds(): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>('SELECT id FROM camera_directories WHERE enabled ORDER BY id');
    return rows.map((row) => row.id);
  }

  async setEnabled(id: string, enabled: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO camera_directories (id, enabled) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET enabled = EXCLUDED.enabled,
         switched_at = CASE WHEN camera_directories.enabled = EXCLUDED.enabled THEN camera_directories.switched_at ELSE now() END`,
      [id, enabled],
    );
  }

  async recordCrawl(id: string, outcome: { cameras: number; error: string | null }): Promise<void> {
    await this.db.query(
      `INSERT INTO camera_directories (id, last_crawl_at, last_crawl_cameras, last_crawl_error) VALUES ($1, now(), $2, $3)
       ON CONFLICT (id) DO UPDATE SET last_crawl_at = now(), last_crawl_cameras = EXCLUDED.last_crawl_cameras, last_crawl_error = EXCLUDED.last_crawl_error`,
      [id, outcome.cameras, outcome.error?.slice(0, 1000) ?? null],
    );
  }
}
