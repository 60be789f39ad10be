// Starts PostgreSQL and NATS (side by side) → API process, writes runtime.json, and stops them in reverse order.
// The API process is launched at once and loads its code meanwhile; it gets its config once both are up.
import { EventEmitter } from 'node:events';
import type { ServerConfigInput } from '../../server/config.js';
import { obtainDataKey } from '../keychain/data-key.js';
import { type ApiLauncher, ForkApiLauncher, PrelaunchedApi } from './api-launcher.js';
import { chooseApiPort, recordApiPort } from './api-port.js';
import { ApiProcess, type ApiReady } from './api-process.js';
import { prepareDataDir } from './data-dir.js';
import { withDiskHint } from './disk-hint.js';
import { NatsService } from './nats-service.js';
import { PostgresService } from './postgres-service.js';
import { removeRuntimeFile, type RuntimeInfo, writeRuntimeFile } from './runtime-file.js';
import { randomSecret } from './secret-file.js';
import type { StackSettings } from './stack-settings.js';
import type { Logger } from './stack-logger.js';

export interface StackSupervisorOptions {
  settings: StackSettings;
  logger: Logger;
  launcher?: ApiLauncher;
  /** Passed to the API process (tests switch schedules off, for example). */
  serverOverrides?: Partial<ServerConfigInput>;
  echoApiOutput?: boolean;
  apiRestartDelayMs?: { initial: number; max: number };
}

export interface StackSupervisorEvents {
  progress: [step: string];
  /** PostgreSQL or NATS died: the stack has been stopped. */
  fatal: [error: Error];
  'api-crash': [info: { code: number | null; signal: NodeJS.Signals | null; restartInMs: number }];
  'api-restarted': [ready: ApiReady];
}

export class StackSupervisor extends EventEmitter<StackSupervisorEvents> {
  readonly postgres: PostgresService | null;
  readonly nats: NatsService | null;
  api: ApiProcess | null = null;
  /** When each part of the last start was done, in ms from its beginning (the bench's breakdown). */
  readonly startSteps: Array<{ step: string; atMs: number }> = [];
  private runtime: RuntimeInfo | null = null;
  private stopping: Promise<void> | null = null;

  constructor(private readonly options: StackSupervisorOptions) {
    super();
    const { settings, logger } = options;
    this.postgres = settings.databaseUrl ? null : new PostgresService({ dataDir: settings.dataDir, logger });
    this.nats = settings.natsUrl ? null : new NatsService({ dataDir: settings.dataDir, logger });
    this.postgres?.on('progress', (step) => this.emit('progress', step));
    this.postgres?.on('exit', ({ expected, code, signal }) => {
      if (!expected) this.failHard(new Error(`PostgreSQL stopped unexpectedly (code ${code}, signal ${signal})`));
    });
    this.nats?.on('exit', ({ expected, code, signal }) => {
      if (!expected) this.failHard(new Error(`nats-server stopped unexpectedly (code ${code}, signal ${signal})`));
    });
  }

  get runtimeInfo(): RuntimeInfo | null {
    return this.runtime;
  }

  async start(): Promise<RuntimeInfo> {
    try {
      return await this.startInOrder();
    } catch (error) {
      // On a full disk the servers' own words name neither the disk nor what to do.
      throw await withDiskHint(error, this.options.settings.dataDir);
    }
  }

  private async startInOrder(): Promise<RuntimeInfo> {
    const { settings, logger } = this.options;
    const startedAt = Date.now();
    this.startSteps.length = 0;
    const step = (name: string) => this.startSteps.push({ step: name, atMs: Date.now() - startedAt });
    await prepareDataDir(settings.dataDir);
    // The API process loads its code while the servers start: most of a warm start is that loading.
    const prelaunched = new PrelaunchedApi(this.options.launcher ?? new ForkApiLauncher());
    try {
      if (!this.postgres) logger.info('DATABASE_URL set: using that PostgreSQL, not starting the embedded one');
      if (!this.nats) logger.info('NATS_URL set: using that NATS, not starting the bundled one');
      if (this.nats) this.emit('progress', 'starting NATS');
      this.emit('progress', 'opening the keychain');
      const dataKeyRead = obtainDataKey({ dataDir: settings.dataDir }).then((key) => (step('data key'), key));
      const servers = [this.postgres?.start().then(() => step('PostgreSQL accepting')), this.nats?.start().then(() => step('NATS ready')), dataKeyRead];
      // All are settled before a failure is thrown, so a failed start leaves nothing half-started.
      const failed = (await Promise.allSettled(servers)).find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      const dataKey = await dataKeyRead;
      if (dataKey.storage.kind === 'file') logger.warn(dataKey.storage.detail);
      this.emit('progress', 'starting the API');
      const token = settings.apiToken ?? randomSecret(32);
      const port = settings.apiPort || (await chooseApiPort(settings.dataDir, settings.apiHost === '0.0.0.0' ? '0.0.0.0' : '127.0.0.1'));
      const api = new ApiProcess({
        launcher: prelaunched,
        logger,
        echoOutput: this.options.echoApiOutput ?? true,
        ...(this.options.apiRestartDelayMs ? { restartDelayMs: this.options.apiRestartDelayMs } : {}),
        config: {
          databaseUrl: this.postgres?.url ?? (settings.databaseUrl as string),
          natsUrl: this.nats?.url ?? (settings.natsUrl as string),
          natsToken: this.nats?.token ?? settings.natsToken,
          apiToken: token,
          host: settings.apiHost,
          port,
          // Chosen here, not set by the user: should another program take it before the API listens, any free one.
          portFallback: !settings.apiPort,
          allowedHosts: settings.allowedHosts,
          dataDir: settings.dataDir,
          logLevel: settings.logLevel as 'info',
          dbNullPool: settings.dbNullPool,
          // The data key reaches the API process over IPC only, never env or argv.
          dataKey: dataKey.key,
          keyStorage: dataKey.storage,
          ...(settings.retentionDays ? { retentionDays: settings.retentionDays } : {}),
          ...(settings.maxPlaybackHours ? { maxPlaybackHours: settings.maxPlaybackHours } : {}),
          settings: settings.settings,
          ...this.options.serverOverrides,
        },
      });
      this.api = api;
      api.on('crash', (info) => this.emit('api-crash', info));
      api.on('restarted', (ready) => this.emit('api-restarted', ready));
      const ready = await api.start();
      step('API ready');
      // Another port only where the port was a preference (portFallback): the next start tries the one bound.
      if (ready.port !== port) await recordApiPort(settings.dataDir, ready.port);
      this.runtime = { apiUrl: ready.url, token, pid: process.pid, startedAt: new Date().toISOString() };
      await writeRuntimeFile(settings.dataDir, this.runtime);
      logger.info({ apiUrl: ready.url, ms: Date.now() - startedAt, steps: this.startSteps, schemaHeads: ready.schemaHeads }, 'stack ready');
      return this.runtime;
    } catch (error) {
      prelaunched.discard();
      await this.stop();
      throw error;
    }
  }

  /** Stops API → NATS → PostgreSQL; safe to call more than once. */
  stop(): Promise<void> {
    this.stopping ??= this.stopInOrder();
    return this.stopping;
  }

  private async stopInOrder(): Promise<void> {
    const { logger, settings } = this.options;
    await removeRuntimeFile(settings.dataDir);
    for (const service of [this.api, this.nats, this.postgres]) {
      if (!service) continue;
      try {
        await service.stop();
      } catch (error) {
        logger.error({ service: service.name, err: error }, 'stop failed');
      }
    }
    logger.info('stack stopped');
  }

  private failHard(error: Error): void {
    if (this.stopping) return;
    this.options.logger.fatal({ err: error }, 'stopping the stack');
    void this.stop().then(() => this.emit('fatal', error));
  }
}
