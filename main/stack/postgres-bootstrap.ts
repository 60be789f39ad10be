// First-run set-up of a fresh cluster: the app database and the PostGIS extension.
import pg from 'pg';

export async function bootstrapDatabase(adminUrl: string, appUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
  const app = new pg.Client({ connectionString: appUrl });
  await app.connect();
  try {
    await app.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } finally {
    await app.end();
  }
}
