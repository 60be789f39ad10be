// The partitions job on a database whose default time zone is not UTC, as the embedded cluster's is on a computer set
// to New York (initdb takes the computer's zone): rows that waited in a default partition for their day's partition
// (the laptop slept past the days made ahead) move into it when it is made, by UTC days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { PartitionRepository } from '../../server/partitions/partition-repository.js';
import { partitionJob } from '../../server/partitions/partition-job.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const DAY = 86_400_000;
const ZONE = 'America/New_York';

describe('the partitions job in a database whose time zone is New York', () => {
  let database: TestDatabase;
  let db: Database;
  // Tomorrow (UTC), at 01:30 UTC: 20:30 of the day before in New York.
  const tomorrow = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
  const suffix = tomorrow.replace(/-/g, '');
  const early = `${tomorrow}T01:30:00Z`;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    await queryOnce(database.url, `ALTER DATABASE ${database.name} SET timezone = '${ZONE}'`);
    // The migrated template made tomorrow's partitions ahead: as if the app had not run since, they are not there.
    for (const table of ['events', 'fires', 'aircraft_positions']) await queryOnce(database.url, `DROP TABLE IF EXISTS ${table}_p${suffix}`);
    await queryOnce(database.url, "INSERT INTO events (source_type, url, title, occurred_at, ingested_at) VALUES ('news', 'https://tz.test/1', 't', $1, $1)", [early]);
    await queryOnce(
      database.url,
      "INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES (38.4, -122.7, $1, 'N', ST_SetSRID(ST_MakePoint(-122.7, 38.4), 4326))",
      [early],
    );
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('the database is in New York for a session that does not say otherwise', async () => {
    expect((await queryOnce<{ TimeZone: string }>(database.url, 'SHOW timezone'))[0]?.TimeZone).toBe(ZONE);
    expect((await queryOnce<{ n: string }>(database.url, 'SELECT count(*) AS n FROM events_default'))[0]?.n).toBe('1');
  });

  it("makes tomorrow's partitions and moves the waiting rows into them", async () => {
    const job = partitionJob(new PartitionRepository(db), { daysAhead: 7, retentionDays: 30 }, () => new Date(early));
    const result = (await job.run()) as { created: Record<string, number> };
    expect(result.created.events).toBeGreaterThanOrEqual(1);
    expect(result.created.fires).toBeGreaterThanOrEqual(1);
    for (const table of ['events', 'fires']) {
      expect((await queryOnce<{ n: string }>(database.url, `SELECT count(*) AS n FROM ${table}_default`))[0]?.n, `${table}_default`).toBe('0');
      expect((await queryOnce<{ n: string }>(database.url, `SELECT count(*) AS n FROM ${table}_p${suffix}`))[0]?.n, `${table}_p${suffix}`).toBe('1');
    }
    // The partition holds the UTC day (read in the app's session, which is UTC).
    const next = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const { rows } = await db.query<{ bound: string }>('SELECT pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_class c WHERE c.relname = $1', [`events_p${suffix}`]);
    expect(rows[0]?.bound).toBe(`FOR VALUES FROM ('${tomorrow} 00:00:00+00') TO ('${next} 00:00:00+00')`);
  });
});
