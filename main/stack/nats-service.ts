// The bundled nats-server with JetStream: config file, start on a free loopback port, stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './free-port.js';
import { stopOrphan } from './orphan-process.js';
import { randomSecret } from './secret-file.js';
import type { Logger } from './stack-logger.js';
import { pipeServerLines, serviceLogger } from './stack-logger.js';
import { stopChildProcess } from './stop-child-process.js';
import { outsideAsar } from './outside-asar.js';

const VENDORED_BINARY = outsideAsar(fileURLToPath(new URL('../../resources/bin/nats-server', import.meta.url)));

export interface NatsServiceOptions {
  dataDir: string;
  logger: Logger;
  binary?: string;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** The most JetStream keeps on disk; unset: nats-server's own choice, three quarters of the disk free at its start. */
  maxFileStoreBytes?: number;
}

export interface NatsServiceEvents {
  exit: [info: { code: number | null; signal: NodeJS.Signals | null; expected: boolean }];
}

/** The vendored binary if present, else nats-server on the PATH. */
export function natsServerBinary(override?: string): string {
  if (override) return override;
  return existsSync(VENDORED_BINARY) ? VENDORED_BINARY : 'nats-server';
}

export class NatsService extends EventEmitter<NatsServiceEvents> {
  readonly name = 'nats';
  private child: ChildProcess | null = null;
  private stopping = false;
  private port = 0;
  /** A fresh token each launch; clients get it over IPC. */
  readonly token = randomSecret(24);

  constructor(private readonly options: NatsServiceOptions) {
    super();
  }

  get dir(): string {
    return path.join(this.options.dataDir, 'nats');
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const pidFile = path.join(this.dir, 'nats-server.pid');
    await mkdir(path.join(this.dir, 'jetstream'), { recursive: true, mode: 0o700 });
    const orphan = await stopOrphan(pidFile, 'nats-server');
    if (orphan) this.options.logger.warn({ pid: orphan }, 'stopped a nats-server left running by an earlier session');
    // A restart keeps the address, so clients reconnect to the same place.
    this.port ||= await findFreePort();
    const configFile = path.join(this.dir, 'nats-server.conf');
    // JSON is valid NATS config syntax, and quoting it this way keeps paths and token intact.
    const config = {
      host: '127.0.0.1',
      port: this.port,
      pid_file: pidFile,
      authorization: { token: this.token },
      jetstream: {
        store_dir: path.join(this.dir, 'jetstream'),
        max_memory_store: 64 * 1024 * 1024,
        ...(this.options.maxFileStoreBytes ? { max_file_store: this.options.maxFileStoreBytes } : {}),
      },
      max_payload: 8 * 1024 * 1024,
    };
    await writeFile(configFile, JSON.stringify(config, null, 2), { mode: 0o600 });

    const child = spawn(natsServerBinary(this.options.binary), ['-c', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.stopping = false;
    const log = serviceLogger(this.options.logger, this.name);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('nats-server did not report ready in time')),
        this.options.startTimeoutMs ?? 20_000,
      );
      const onLine = (line: string) => {
        if (line.includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      pipeServerLines(child.stdout, log, onLine);
      pipeServerLines(child.stderr, log, onLine);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`nats-server could not start: ${error.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited during start (code ${code}); see the log`));
      });
    });
    child.once('exit', (code, signal) => {
      const expected = this.stopping;
      if (!expected) log.error({ code, signal }, 'nats-server exited unexpectedly');
      this.child = null;
      this.emit('exit', { code, signal, expected });
    });
    await ready;
    this.options.logger.info({ port: this.port }, 'nats-server ready');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    await stopChildProcess(child, 'SIGTERM', this.options.stopTimeoutMs ?? 10_000);
    this.child = null;
  }
}
