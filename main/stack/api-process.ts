// Supervises the API process: hand it its config, wait for `ready`, restart it with backoff when it crashes.
import { EventEmitter } from 'node:events';
import type { ServerConfigInput } from '../../server/config.js';
import type { ApiProcessMessage } from '../../server/ipc-protocol.js';
import type { ApiChannel, ApiLauncher } from './api-launcher.js';
import { type Logger, serviceLogger } from './stack-logger.js';

export interface ApiReady {
  url: string;
  port: number;
  schemaHeads: string[];
}

export interface ApiProcessOptions {
  launcher: ApiLauncher;
  config: ServerConfigInput;
  logger: Logger;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  restartDelayMs?: { initial: number; max: number };
  /** Echo the API's own log lines (it also writes them to the log file itself). */
  echoOutput?: boolean;
}

export interface ApiProcessEvents {
  crash: [info: { code: number | null; signal: NodeJS.Signals | null; restartInMs: number }];
  restarted: [ready: ApiReady];
  'restart-failed': [error: Error];
}

export class ApiProcess extends EventEmitter<ApiProcessEvents> {
  readonly name = 'api';
  private channel: ApiChannel | null = null;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private healthySince = 0;
  /** The config each start is handed: a restart listens where the last start did (see portFallback). */
  private config: ServerConfigInput;

  constructor(private readonly options: ApiProcessOptions) {
    super();
    this.config = options.config;
  }

  get pid(): number | undefined {
    return this.channel?.pid;
  }

  async start(): Promise<ApiReady> {
    this.stopping = false;
    const channel = this.options.launcher.launch();
    this.channel = channel;
    const log = serviceLogger(this.options.logger, this.name);
    if (this.options.echoOutput ?? true) channel.on('stdout', (line) => process.stderr.write(`${line}\n`));
    channel.on('stderr', (line) => log.warn(line));
    channel.on('message', (message) => {
      if (message.type === 'log') log[message.level](message.message);
    });
    const ready = await this.awaitReady(channel);
    // A port that was only a preference, and maybe not the one bound: a restart after a crash listens where this start
    // did, and only there (the page's address is the runtime's), as a restart did before the fallback.
    if (this.config.portFallback) this.config = { ...this.config, port: ready.port, portFallback: false };
    this.healthySince = Date.now();
    channel.once('exit', (code, signal) => this.onExit(channel, code, signal));
    return ready;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const channel = this.channel;
    if (!channel || channel.exited) return;
    const exited = new Promise<void>((resolve) => channel.once('exit', () => resolve()));
    channel.send({ type: 'shutdown' });
    const timeoutMs = this.options.stopTimeoutMs ?? 10_000;
    const timer = setTimeout(() => channel.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
    this.channel = null;
  }

  private awaitReady(channel: ApiChannel): Promise<ApiReady> {
    return new Promise<ApiReady>((resolve, reject) => {
      const timeoutMs = this.options.readyTimeoutMs ?? 60_000;
      const timer = setTimeout(() => {
        cleanup();
        channel.kill('SIGKILL');
        reject(new Error(`the API process did not report ready within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (message: ApiProcessMessage) => {
        if (message.type === 'ready') {
          cleanup();
          resolve({ url: message.url, port: message.port, schemaHeads: message.schemaHeads });
        } else if (message.type === 'fatal') {
          cleanup();
          channel.kill('SIGKILL');
          reject(new Error(`the API process failed to start: ${message.message}`));
        }
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        cleanup();
        reject(new Error(`the API process exited during start (code ${code}, signal ${signal})`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        channel.off('message', onMessage);
        channel.off('exit', onExit);
      };
      channel.on('message', onMessage);
      channel.once('exit', onExit);
      channel.send({ type: 'start', config: this.config });
    });
  }

  private onExit(channel: ApiChannel, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || channel !== this.channel) return;
    // A process that stayed up a minute earned a fresh backoff.
    if (Date.now() - this.healthySince > 60_000) this.failures = 0;
    const { initial, max } = this.options.restartDelayMs ?? { initial: 500, max: 30_000 };
    const restartInMs = Math.min(max, initial * 2 ** this.failures);
    this.failures += 1;
    this.options.logger.error({ service: this.name, code, signal, restartInMs }, 'API process exited; restarting');
    this.emit('crash', { code, signal, restartInMs });
    this.restartTimer = setTimeout(() => void this.restart(), restartInMs);
  }

  private async restart(): Promise<void> {
    this.restartTimer = null;
    if (this.stopping) return;
    try {
      const ready = await this.start();
      this.options.logger.info({ service: this.name, pid: this.pid }, 'API process restarted');
      this.emit('restarted', ready);
    } catch (error) {
      this.options.logger.error({ service: this.name, err: error }, 'API process restart failed');
      this.emit('restart-failed', error as Error);
      if (!this.stopping && this.channel) this.onExit(this.channel, null, null);
    }
  }
}
