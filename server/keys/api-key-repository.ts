// SQL for api_keys: sealed values and the masked tail only; the table creates itself if missing.
import type { Database } from '../db/database.js';

export interface StoredKeyRow {
  provider: string;
  sealed: Buffer;
  masked: string;
  family: string;
  updatedAt: Date;
}

const CREATE = `
CREATE TABLE IF NOT EXISTS api_keys (
  provider   text PRIMARY KEY,
  sealed     bytea NOT NULL,
  masked     text NOT NULL,
  family     text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

export class ApiKeyRepository {
  private ready: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  private ensureTable(): Promise<void> {
    this.ready ??= this.db.query(CREATE).then(() => undefined);
    return this.ready;
  }

  async put(provider: string, sealed: Buffer, masked: string, family: string): Promise<Date> {
    await this.ensureTable();
    const { rows } = await this.db.query<{ updated_at: Date }>(
      `INSERT INTO api_keys (provider, sealed, masked, family, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (provider) DO UPDATE SET sealed = EXCLUDED.sealed, masked = EXCLUDED.masked, family = EXCLUDED.family, updated_at = now()
       RETURNING updated_at`,
      [provider, sealed, masked, family],
    );
    return rows[0]!.updated_at;
  }

  async get(provider: string): Promise<StoredKeyRow | null> {
    await this.ensureTable();
    const { rows } = await this.db.query<{ provider: string; sealed: Buffer; masked: string; family: string; updated_at: Date }>(
      'SELECT provider, sealed, masked, family, updated_at FROM api_keys WHERE provider = $1',
      [provider],
    );
    const row = rows[0];
    return row ? { provider: row.provider, sealed: row.sealed, masked: row.masked, family: row.family, updatedAt: row.updated_at } : null;
  }

  async list(): Promise<Array<Omit<StoredKeyRow, 'sealed'>>> {
    await this.ensureTable();
    const { rows } = await this.db.query<{ provider: string; masked: string; family: string; updated_at: Date }>(
      'SELECT provider, masked, family, updated_at FROM api_keys',
    );
    return rows.map((row) => ({ provider: row.provider, masked: row.masked, family: row.family, updatedAt: row.updated_at }));
  }

  async delete(provider: string): Promise<boolean> {
    await this.ensureTable();
    const { rowCount } = await this.db.query('DELETE FROM api_keys WHERE provider = $1', [provider]);
    return (rowCount ?? 0) > 0;
  }
}
