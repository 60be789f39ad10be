// The desktop app's start-up, as plain Node: splash with progress → PostgreSQL → NATS → API ready →
// the app window; an error screen (what failed, the log path, retry) when any of it fails or when
// PostgreSQL or NATS die later; quit stops the stack in reverse order. The Electron layer only
// draws what this tells it to.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createStackLogger, type Logger, logFilePath } from '../stack/stack-logger.js';
import type { StackSettings } from '../stack/stack-settings.js';
import { StackSupervisor, type StackSupervisorOptions } from '../stack/stack-supervisor.js';
import type { ApiLauncher } from '../stack/api-launcher.js';
import type { StartupView } from './startup-page.js';

export interface DesktopShell {
  showStartup(view: StartupView): void;
  /** The renderer, served by the API, with the token in the fragment (the renderer moves it to memory). */
  showApp(url: string): void;
}

export interface DesktopConnection {
  apiUrl: string;
  token: string;
}

export interface DesktopStartupOptions {
  settings: StackSettings;
  shell: DesktopShell;
  launcher?: ApiLauncher;
  /** Log to the file only, not stderr (tests). */
  quiet?: boolean;
  /** Tests: passed through to the supervisor. */
  supervisorOverrides?: Partial<StackSupervisorOptions>;
}

export class DesktopStartup {
  private supervisor: StackSupervisor | null = null;
  private logger: Logger | null = null;
  private current: DesktopConnection | null = null;
  private starting: Promise<boolean> | null = null;
  private quitting = false;

  constructor(private readonly options: DesktopStartupOptions) {}

  get connection(): DesktopConnection | null {
    return this.current;
  }

  /** The API process while the stack runs (tests check it is gone after quit). */
  get apiPid(): number | undefined {
    return this.supervisor?.api?.pid;
  }

  get logPath(): string {
    return logFilePath(this.options.settings.dataDir);
  }

  /** Resolves true once the app window shows the renderer, false when the error screen shows instead. */
  start(): Promise<boolean> {
    this.starting ??= this.startOnce().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** The error screen's Retry: a fresh supervisor on the same data dir. */
  async retry(): Promise<boolean> {
    if (this.starting) return this.starting;
    await this.supervisor?.stop();
    this.supervisor = null;
    return this.start();
  }

  async quit(): Promise<void> {
    this.quitting = true;
    await this.starting?.catch(() => undefined);
    await this.supervisor?.stop();
    this.supervisor = null;
    this.current = null;
  }

  private async startOnce(): Promise<boolean> {
    const { settings, shell } = this.options;
    const steps: string[] = [];
    const firstRun = !settings.databaseUrl && !existsSync(path.join(settings.dataDir, 'pg'));
    const progress = (step: string) => {
      steps.push(step);
      shell.showStartup({ kind: 'progress', steps, firstRun });
    };
    progress('preparing the data folder');
    try {
      this.logger ??= createStackLogger({ dataDir: settings.dataDir, level: settings.logLevel, quiet: this.options.quiet ?? false });
    } catch (error) {
      return this.fail(new Error(`the data folder ${settings.dataDir} cannot be used: ${(error as Error).message}`));
    }
    const supervisor = new StackSupervisor({
      settings,
      logger: this.logger,
      ...(this.options.launcher ? { launcher: this.options.launcher } : {}),
      echoApiOutput: false,
      ...this.options.supervisorOverrides,
    });
    this.supervisor = supervisor;
    supervisor.on('progress', progress);
    supervisor.on('fatal', (error) => {
      this.current = null;
      if (!this.quitting) this.fail(error);
    });
    try {
      const runtime = await supervisor.start();
      if (this.quitting) return false;
      this.current = { apiUrl: runtime.apiUrl, token: runtime.token };
      shell.showApp(`${runtime.apiUrl}/#token=${encodeURIComponent(runtime.token)}`);
      return true;
    } catch (error) {
      this.logger.error({ err: error }, 'desktop start failed');
      return this.fail(error as Error);
    }
  }

  private fail(error: Error): false {
    this.options.shell.showStartup({ kind: 'error', message: error.message, logPath: this.logPath });
    return false;
  }
}
