// Applies pending revisions in dependency order, once, under a PostgreSQL advisory lock.
import pg from 'pg';
import { headsOf, type Revision } from './migration-graph.js';
import { loadRevisions } from './migration-files.js';

// Any fixed 64-bit number works; this one is "vantage" in ASCII (0x76616e74616765).
const MIGRATION_LOCK_KEY = '33321174278694757';

export interface MigrationLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface MigrationOutcome {
  applied: string[];
  heads: string[];
}

const silentLogger: MigrationLogger = { info: () => undefined, warn: () => undefined };

export async function runMigrations(
  databaseUrl: string,
  options: { revisions?: Revision[]; logger?: MigrationLogger } = {},
): Promise<MigrationOutcome> {
  const revisions = options.revisions ?? (await loadRevisions());
  const logger = options.logger ?? silentLogger;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'vantage-migrations' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        revision   text PRIMARY KEY,
        parents    text[] NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ revision: string; parents: string[]; checksum: string }>(
        'SELECT revision, parents, checksum FROM schema_migrations',
      );
      const recorded = new Map(rows.map((row) => [row.revision, row]));
      const applied: string[] = [];
      for (const revision of revisions) {
        const existing = recorded.get(revision.id);
        const reapply = Boolean(existing && existing.checksum !== revision.checksum && revision.reapplyWhenChanged);
        if (existing && !reapply) {
          if (existing.checksum !== revision.checksum) {
            logger.warn(`migration ${revision.id} changed after it was applied; the change is not applied`);
          }
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(revision.sql);
          await client.query(
            `INSERT INTO schema_migrations (revision, parents, checksum) VALUES ($1, $2, $3)
             ON CONFLICT (revision) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
            [revision.id, revision.parents, revision.checksum],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${revision.id} failed: ${(error as Error).message}`, { cause: error });
        }
        if (reapply) {
          logger.info(`re-applied migration ${revision.id} (an idempotent revision filled in after it was first applied)`);
          continue;
        }
        applied.push(revision.id);
        logger.info(`applied migration ${revision.id}`);
      }
      const all = [...recorded.values()].map((row) => ({ id: row.revision, parents: row.parents }));
      for (const id of applied) {
        const revision = revisions.find((candidate) => candidate.id === id) as Revision;
        all.push({ id, parents: revision.parents });
      }
      return { applied, heads: headsOf(all) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
