// Entry of the API process. The supervisor sends `start` with the config over IPC; we migrate,
// listen, report `ready` from inside the listen callback, then start the workers.
import type { FastifyInstance } from 'fastify';
import { runMigrations } from '../migrations/migration-runner.js';
import { buildApp } from './app.js';
import { startWorkers, type Workers } from './workers.js';
import { parseServerConfig, type ServerConfig } from './config.js';
import type { ApiProcessMessage } from './ipc-protocol.js';
import { supervisorMessageSchema } from './ipc-protocol.js';
import { createServerLogger } from './logger.js';
import { parentChannel } from './parent-channel.js';

const channel = parentChannel();

let app: FastifyInstance | null = null;
let workers: Workers | null = null;
let shuttingDown = false;

function send(message: ApiProcessMessage): void {
  channel.send(message);
}

// ms since this process began when its code was loaded (the supervisor launches it early for that).
const loadedAtMs = performance.now();

async function start(config: ServerConfig): Promise<void> {
  const configAtMs = performance.now();
  const logger = createServerLogger({ level: config.logLevel, dataDir: config.dataDir });
  const migrations = await runMigrations(config.databaseUrl, {
    logger: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
  });
  const migratedAtMs = performance.now();
  app = await buildApp(config, { logger });
  const builtAtMs = performance.now();
  const instance = app;
  const listen = (port: number) =>
    instance.listen({ host: config.host, port }, (error) => {
      if (error) {
        if (config.portFallback && port !== 0 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          logger.warn({ port }, 'the chosen port was taken meanwhile; listening on a free one');
          return listen(0);
        }
        send({ type: 'fatal', message: error.message });
        process.exit(1);
      }
      onListening();
    });
  const onListening = () => {
    const address = instance.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    send({ type: 'ready', url: `http://${host}:${port}`, port, schemaHeads: migrations.heads });
    // Where this process's start went (the bench reads it from the log).
    const ms = (value: number) => Math.round(value);
    logger.info(
      { loadMs: ms(loadedAtMs), waitedForConfigMs: ms(configAtMs - loadedAtMs), migrationsMs: ms(migratedAtMs - configAtMs), buildMs: ms(builtAtMs - migratedAtMs), listenMs: ms(performance.now() - builtAtMs) },
      'api process started',
    );
    workers = startWorkers(instance);
  };
  listen(config.port);
}

async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const forced = setTimeout(() => process.exit(code), 8_000);
  forced.unref();
  try {
    await workers?.stop();
    await app?.close();
  } finally {
    process.exit(code);
  }
}

channel.onMessage((raw) => {
  const parsed = supervisorMessageSchema.safeParse(raw);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'shutdown') {
    void shutdown(0);
    return;
  }
  if (app) return;
  start(parseServerConfig(message.config)).catch((error: Error) => {
    send({ type: 'fatal', message: error.message });
    setTimeout(() => process.exit(1), 100);
  });
});

// The supervisor owns our lifecycle: a terminal Ctrl+C reaches it, and it tells us to stop.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => void shutdown(0));
// A supervisor that vanished leaves no orphan API behind.
channel.onDisconnect(() => void shutdown(0));
