// SQL for source_settings: the values saved in the Sources panel, by setting name.
import type { Database } from '../db/database.js';

export interface SavedSetting {
  name: string;
  value: string;
  updatedAt: Date;
}

export class SourceSettingsRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<SavedSetting[]> {
    const { rows } = await this.db.query<{ name: string; value: string; updated_at: Date }>('SELECT name, value, updated_at FROM source_settings ORDER BY name');
    return rows.map((row) => ({ name: row.name, value: row.value, updatedAt: row.updated_at }));
  }

  /** Saves the values given and removes those cleared (null), in one transaction. */
  async apply(changes: ReadonlyMap<string, string | null>): Promise<void> {
    const saved = [...changes].filter((entry): entry is [string, string] => entry[1] !== null);
    const cleared = [...changes].filter(([, value]) => value === null).map(([name]) => name);
    await this.db.query(
      `WITH cleared AS (DELETE FROM source_settings WHERE name = ANY($3::text[]))
       INSERT INTO source_settings (name, value, updated_at)
       SELECT name, value, now() FROM unnest($1::text[], $2::text[]) AS given(name, value)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [saved.map(([name]) => name), saved.map(([, value]) => value), cleared],
    );
  }
}
