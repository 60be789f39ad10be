import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { JobLockRepository } from '../../server/jobs/job-lock-repository.js';
import { JobRunner } from '../../server/jobs/job-runner.js';
import { createNews } from '../../server/news/news-module.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { closedPort } from '../support/fake-llm.js';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.js';

interface LogLine {
  level: number;
  msg: string;
  job?: string;
  reason?: string;
  err?: { stack?: string };
}

const WARN = 40;
const ERROR = 50;

// What the job runner logs of a failed run. Offline, every source fails every run: each is a one-line warning that
// names the source, not an error with a stack; a source that answered badly is still an error.
describe('the job runner log of failed runs', () => {
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  let failing: http.Server;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-job-log-'));
    failing = http.createServer((_request, response) => response.writeHead(503).end('down for maintenance'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    await new Promise((resolve) => failing?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A runner of the real news jobs whose one feed is at `url`, logging into `lines`. */
  async function newsRunner(url: string): Promise<JobRunner> {
    const feedsFile = path.join(dir, `feeds-${lines.length}-${Date.now()}.json`);
    await writeFile(feedsFile, JSON.stringify([{ name: 'World wire', url, category: 'world', region: 'world' }]));
    const news = createNews({
      db,
      keys: { get: async () => null },
      settings: { NEWS_FEEDS_FILE: feedsFile },
      now: () => new Date(),
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const runner = new JobRunner(new JobLockRepository(db), new PipelineStatusRepository(db), pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger);
    for (const job of news.jobs) runner.register(job);
    return runner;
  }

  it('logs a run whose every request failed to reach its host as one warning line without a stack', async () => {
    lines.length = 0;
    const runner = await newsRunner(`http://127.0.0.1:${await closedPort()}/world.xml`);
    expect(await runner.run('news')).toMatchObject({ status: 'failed' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    const warnings = lines.filter((line) => line.level === WARN && line.job === 'news');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'source out of reach', reason: expect.stringContaining('connection refused') });
    expect(warnings[0]?.err).toBeUndefined();
  });

  it('still logs a source that answered with an error as a failed job, with its error', async () => {
    lines.length = 0;
    const { port } = failing.address() as AddressInfo;
    const runner = await newsRunner(`http://127.0.0.1:${port}/world.xml`);
    expect(await runner.run('news')).toMatchObject({ status: 'failed' });
    await new Promise((resolve) => setImmediate(resolve));
    const errors = lines.filter((line) => line.level === ERROR && line.job === 'news');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'job failed' });
    expect(errors[0]?.err?.stack).toBeTruthy();
  });
});
