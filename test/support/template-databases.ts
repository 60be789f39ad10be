// The two databases every test database is copied from, made once per test run by the global setup: one
// with PostGIS (what `CREATE EXTENSION postgis` leaves), one with PostGIS and every migration applied.
// A copy of a template takes ~90 ms and ~0.1 s of PostgreSQL's CPU; making the same database from
// nothing took ~1 s of each (PostGIS 0.5 s, the migrations 0.4 s), and the suite makes dozens. The
// migrations themselves are still run from nothing: here, once a run, and in migrations.test.ts.
import pg from 'pg';
import { runMigrations } from '../../migrations/migration-runner.js';

export const POSTGIS_TEMPLATE = 'vantage_test_template_postgis';
export const MIGRATED_TEMPLATE = 'vantage_test_template_migrated';

export function databaseUrl(adminUrl: string, database: string): string {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs statements one after another on a connection of their own to `adminUrl`. */
export async function onAdmin(adminUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Makes both templates on the cluster behind `adminUrl`; no one can connect to them afterwards (a connection would block their copies). */
export async function createTemplateDatabases(adminUrl: string): Promise<void> {
  await onAdmin(adminUrl, [`CREATE DATABASE ${POSTGIS_TEMPLATE}`]);
  const postgis = new pg.Client({ connectionString: databaseUrl(adminUrl, POSTGIS_TEMPLATE) });
  await postgis.connect();
  try {
    await postgis.query('CREATE EXTENSION postgis');
  } finally {
    await postgis.end();
  }
  await onAdmin(adminUrl, [`CREATE DATABASE ${MIGRATED_TEMPLATE} TEMPLATE ${POSTGIS_TEMPLATE}`]);
  await runMigrations(databaseUrl(adminUrl, MIGRATED_TEMPLATE));
  await onAdmin(
    adminUrl,
    [POSTGIS_TEMPLATE, MIGRATED_TEMPLATE].map((name) => `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
}
