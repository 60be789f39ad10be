// The partitions job's outcome in health: a failed run (here a lock it could not get while a long write held the
// table) says so under its own name, as a feed's does, and the next good run clears it. Before, its failure showed
// nowhere: new rows waited in the default partitions and old days stayed, unseen.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { JobLockRepository } from '../../server/jobs/job-lock-repository.js';
import { JobRunner } from '../../server/jobs/job-runner.js';
import { PartitionRepository } from '../../server/partitions/partition-repository.js';
import { partitionJob } from '../../server/partitions/partition-job.js';
import { describeFreshness } from '../../server/pipelines/pipeline-freshness.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

describe('the partitions job in health', () => {
  let database: TestDatabase;
  let db: Database;
  let writer: pg.Client;
  let runner: JobRunner;
  let pipelines: PipelineStatusRepository;
  const dayAfterTomorrow = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 2 * DAY).toISOString().slice(0, 10).replace(/-/g, '');

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    // A lock wait gives up after 300 ms in this database; the app's sessions would wait as long as the server allows.
    await queryOnce(database.url, `ALTER DATABASE ${database.name} SET lock_timeout = '300ms'`);
    // A day's partition still to make, as after a laptop slept past the days made ahead.
    await queryOnce(database.url, `DROP TABLE IF EXISTS events_p${dayAfterTomorrow}`);
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    pipelines = new PipelineStatusRepository(db);
    runner = new JobRunner(new JobLockRepository(db), pipelines, silent);
    runner.register(partitionJob(new PartitionRepository(db), { daysAhead: 7, retentionDays: 30 }));
    writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end().catch(() => undefined);
    await db?.close();
    await database?.drop();
  });

  const partitionsHealth = async () => describeFreshness(await pipelines.list()).partitions;

  it('has not run: health says so under its own name', async () => {
    expect(await partitionsHealth()).toMatchObject({ lastSuccessAt: null, stale: true, failing: false, expectedIntervalSeconds: 86_400 });
  });

  it('a run that fails is told with its reason', async () => {
    // A write left open on events: making its partition waits for it, and gives up.
    await writer.query('BEGIN');
    await writer.query("INSERT INTO events (source_type, url, title, occurred_at, ingested_at) VALUES ('news', 'https://held.test/1', 't', now(), now())");
    const outcome = await runner.run('partitions');
    expect(outcome).toMatchObject({ status: 'failed', message: expect.stringMatching(/lock timeout/) });
    expect(await partitionsHealth()).toMatchObject({ failing: true, stale: true, reason: expect.stringMatching(/^last run failed: .*lock timeout/) });
    await writer.query('ROLLBACK');
  });

  it('the next good run clears it', async () => {
    expect(await runner.run('partitions')).toMatchObject({ status: 'done' });
    expect(await partitionsHealth()).toMatchObject({ failing: false, stale: false, lastError: null, ageSeconds: expect.any(Number) });
    expect((await queryOnce<{ n: string }>(database.url, `SELECT count(*) AS n FROM pg_class WHERE relname = 'events_p${dayAfterTomorrow}'`))[0]?.n).toBe('1');
  });
});
