// SQL behind /api/health: PostGIS version and the schema heads recorded by the migration runner.
import type { Database } from '../db/database.js';

export class HealthRepository {
  constructor(private readonly db: Database) {}

  async postgisVersion(): Promise<string> {
    const { rows } = await this.db.query<{ version: string }>('SELECT postgis_lib_version() AS version');
    return rows[0]?.version ?? 'unknown';
  }

  async schemaHeads(): Promise<string[]> {
    const { rows } = await this.db.query<{ revision: string }>(
      `SELECT m.revision FROM schema_migrations m
        WHERE NOT EXISTS (SELECT 1 FROM schema_migrations c WHERE m.revision = ANY (c.parents))
        ORDER BY m.revision`,
    );
    return rows.map((row) => row.revision);
  }
}
