// A fresh database on the shared test cluster, one per test file: with PostGIS, or with PostGIS and every
// migration applied (copies of the templates the global setup made).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl, MIGRATED_TEMPLATE, onAdmin, POSTGIS_TEMPLATE } from './template-databases.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function copyOf(template: string): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, [`CREATE DATABASE ${name} TEMPLATE ${template}`]);
  const url = databaseUrl(adminUrl, name);
  return {
    url,
    name,
    drop: () => onAdmin(adminUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  };
}

/** A database with PostGIS and nothing else (for tests of the migrations, or of tables of their own). */
export function createTestDatabase(): Promise<TestDatabase> {
  return copyOf(POSTGIS_TEMPLATE);
}

/** A database with the app's schema: every migration applied. */
export function createMigratedTestDatabase(): Promise<TestDatabase> {
  return copyOf(MIGRATED_TEMPLATE);
}

/** Runs one query on its own connection (for assertions, not for app code). */
export async function queryOnce<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}
