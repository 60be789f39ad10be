// How the API process is started: child_process.fork headless; Electron plugs in utilityProcess later.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiProcessMessage, SupervisorMessage } from '../../server/ipc-protocol.js';
import { API_BUNDLE, apiBundleIsFresh } from './api-bundle.js';
import { pipeLines } from './stack-logger.js';

export interface ApiChannelEvents {
  message: [message: ApiProcessMessage];
  exit: [code: number | null, signal: NodeJS.Signals | null];
  stdout: [line: string];
  stderr: [line: string];
}

/** One running API process, seen through the messages it sends and its exit. */
export interface ApiChannel extends EventEmitter<ApiChannelEvents> {
  readonly pid: number | undefined;
  send(message: SupervisorMessage): void;
  kill(signal: NodeJS.Signals): void;
  readonly exited: boolean;
}

export interface ApiLauncher {
  launch(): ApiChannel;
}

/** Node's loader for TypeScript sources, so the child runs server/*.ts directly. */
export function typeScriptLoader(): string {
  // tsx's main export is its loader.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What an API process runs: the file, and the Node flags it needs. */
export interface ApiEntry {
  file: string;
  execArgv: string[];
}

/**
 * The prebuilt bundle while it is fresh (it loads in a third of the time), else server/main.ts through tsx.
 * The bundle runs without source maps: Node would read the 3 MB map at every start (~65 ms) and parse it again
 * the first time a stack is printed (~200 ms, e.g. an offline feed's failure right after the start); its stacks
 * name the functions as written, and `NODE_OPTIONS=--enable-source-maps` maps them to server/*.ts.
 */
export function apiEntry(root: string = PROJECT_ROOT): ApiEntry {
  if (apiBundleIsFresh(root)) return { file: path.join(root, API_BUNDLE), execArgv: [] };
  return { file: path.join(root, 'server', 'main.ts'), execArgv: ['--import', typeScriptLoader()] };
}

class ForkedApiChannel extends EventEmitter<ApiChannelEvents> implements ApiChannel {
  private readonly child;
  exited = false;

  constructor(entry: string, execArgv: string[]) {
    super();
    this.child = fork(entry, [], { execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json' });
    this.child.on('message', (message) => this.emit('message', message as ApiProcessMessage));
    this.child.once('exit', (code, signal) => {
      this.exited = true;
      this.emit('exit', code, signal);
    });
    this.child.on('error', () => undefined);
    pipeLines(this.child.stdout, (line) => this.emit('stdout', line));
    pipeLines(this.child.stderr, (line) => this.emit('stderr', line));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: SupervisorMessage): void {
    if (this.child.connected) this.child.send(message);
  }

  kill(signal: NodeJS.Signals): void {
    if (!this.exited) this.child.kill(signal);
  }
}

export class ForkApiLauncher implements ApiLauncher {
  // Chosen at each launch: a restart after an edit runs the edited sources.
  constructor(private readonly entry: () => ApiEntry = apiEntry) {}

  launch(): ApiChannel {
    const { file, execArgv } = this.entry();
    return new ForkedApiChannel(file, execArgv);
  }
}

/**
 * Launches at once and hands that process to the first launch(), so it loads its code while the servers
 * start; later launches (restarts) are fresh. Discarded unused, the early process is ended.
 */
export class PrelaunchedApi implements ApiLauncher {
  private early: ApiChannel | null;

  constructor(private readonly launcher: ApiLauncher) {
    this.early = launcher.launch();
  }

  launch(): ApiChannel {
    const early = this.early;
    this.early = null;
    return early && !early.exited ? early : this.launcher.launch();
  }

  discard(): void {
    this.early?.kill('SIGTERM');
    this.early = null;
  }
}
