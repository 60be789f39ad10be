// The embedded PostgreSQL 15 (+ PostGIS) server: first-run initdb, start on a free loopback port, stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { access, chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { isRoot } from './data-dir.js';
import { findFreePort } from './free-port.js';
import { stopOrphan } from './orphan-process.js';
import { bootstrapDatabase } from './postgres-bootstrap.js';
import { postgresBinaries } from './postgres-binaries.js';
import { readOrCreateSecret } from './secret-file.js';
import type { Logger } from './stack-logger.js';
import { pipeServerLines, serviceLogger } from './stack-logger.js';
import { hasExited, stopChildProcess } from './stop-child-process.js';
import { assertReachableBy, ensurePostgresUser, type UserIds } from './unprivileged-user.js';

export const DATABASE_NAME = 'vantage';
const SUPERUSER = 'vantage';

export interface PostgresServiceOptions {
  dataDir: string;
  logger: Logger;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export interface PostgresServiceEvents {
  exit: [info: { code: number | null; signal: NodeJS.Signals | null; expected: boolean }];
  progress: [step: string];
}

export class PostgresService extends EventEmitter<PostgresServiceEvents> {
  readonly name = 'postgres';
  private child: ChildProcess | null = null;
  private stopping = false;
  private port = 0;
  private password = '';

  constructor(private readonly options: PostgresServiceOptions) {
    super();
  }

  get clusterDir(): string {
    return path.join(this.options.dataDir, 'pg');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Connection URL of the app database (valid once started). */
  get url(): string {
    return this.urlFor(DATABASE_NAME);
  }

  urlFor(database: string): string {
    return `postgres://${SUPERUSER}:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const { logger } = this.options;
    this.password = await readOrCreateSecret(path.join(this.options.dataDir, 'pg.password'));
    const owner = isRoot() ? await ensurePostgresUser() : undefined;
    if (owner) await assertReachableBy(this.clusterDir, owner);
    const orphan = await stopOrphan(path.join(this.clusterDir, 'postmaster.pid'), 'postgres');
    if (orphan) logger.warn({ pid: orphan }, 'stopped a PostgreSQL left running by an earlier session');

    const firstRun = !(await exists(path.join(this.clusterDir, 'PG_VERSION')));
    if (firstRun) {
      this.emit('progress', 'initialising the database (first run)');
      await this.initdb(owner);
    }
    // A restart keeps the address, so clients reconnect to the same place.
    this.port ||= await findFreePort();
    this.emit('progress', 'starting PostgreSQL');
    await this.spawnServer(owner);
    await this.waitUntilAccepting();
    this.emit('progress', firstRun ? 'creating the database and PostGIS' : 'checking the database');
    await bootstrapDatabase(this.urlFor('postgres'), this.url, DATABASE_NAME);
    logger.info({ port: this.port, firstRun }, 'PostgreSQL ready');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    // SIGINT = "fast shutdown": rolls back open transactions and exits cleanly.
    await stopChildProcess(child, 'SIGINT', this.options.stopTimeoutMs ?? 15_000);
    this.child = null;
  }

  /** initdb into a scratch folder, renamed into place only when complete. */
  private async initdb(owner: UserIds | undefined): Promise<void> {
    const { initdb } = postgresBinaries();
    const scratch = `${this.clusterDir}.initdb`;
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { recursive: true, mode: 0o700 });
    const passwordFile = path.join(scratch, '..', `.pg-password-${process.pid}`);
    await writeFile(passwordFile, `${this.password}\n`, { mode: 0o600 });
    try {
      if (owner) {
        await chown(scratch, owner.uid, owner.gid);
        await chown(passwordFile, owner.uid, owner.gid);
      }
      const args = [
        `--pgdata=${scratch}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ];
      const output = await runToEnd(initdb, args, owner);
      if (output.code !== 0) throw new Error(`initdb failed (exit ${output.code}): ${output.text.slice(-2000)}`);
    } finally {
      await rm(passwordFile, { force: true });
    }
    await rename(scratch, this.clusterDir);
  }

  private async spawnServer(owner: UserIds | undefined): Promise<void> {
    const { postgres } = postgresBinaries();
    const args = [
      '-D', this.clusterDir,
      '-p', String(this.port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=128MB',
    ];
    // Own process group: a Ctrl+C in the terminal reaches the supervisor, which stops us in order.
    const child = spawn(postgres, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(owner ?? {}),
    });
    this.child = child;
    this.stopping = false;
    const log = serviceLogger(this.options.logger, this.name);
    pipeServerLines(child.stdout, log);
    pipeServerLines(child.stderr, log);
    child.once('exit', (code, signal) => {
      const expected = this.stopping;
      if (!expected) log.error({ code, signal }, 'PostgreSQL exited unexpectedly');
      this.child = null;
      this.emit('exit', { code, signal, expected });
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  }

  private async waitUntilAccepting(): Promise<void> {
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 60_000);
    let lastError = '';
    while (Date.now() < deadline) {
      if (!this.child || hasExited(this.child)) throw new Error('PostgreSQL exited during start (see the log)');
      const client = new pg.Client({ connectionString: this.urlFor('postgres'), connectionTimeoutMillis: 2_000 });
      // A server that ends the session between its queries emits the error on the client, not on a query: unheard,
      // it would end the process; the next query fails with it anyway.
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        return;
      } catch (error) {
        lastError = (error as Error).message;
      } finally {
        await client.end().catch(() => undefined);
      }
      // Short: a warm server accepts within tens of milliseconds, and each try is one loopback connect.
      await sleep(20);
    }
    throw new Error(`PostgreSQL did not accept connections in time: ${lastError}`);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function runToEnd(command: string, args: string[], owner: UserIds | undefined): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' }, ...(owner ?? {}) });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, text }));
  });
}
