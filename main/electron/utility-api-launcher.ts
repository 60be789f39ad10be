// Starts the API process with Electron's utilityProcess (the desktop app); messages go over its port.
// The headless CLI uses ForkApiLauncher; the supervisor sees the same ApiChannel either way.
import { EventEmitter } from 'node:events';
import type { ForkOptions, UtilityProcess } from 'electron';
import type { ApiProcessMessage, SupervisorMessage } from '../../server/ipc-protocol.js';
import { type ApiChannel, type ApiChannelEvents, type ApiEntry, apiEntry, type ApiLauncher } from '../stack/api-launcher.js';
import { pipeLines } from '../stack/stack-logger.js';

/** Electron's `utilityProcess` (passed in: nothing here loads electron itself). */
export type UtilityProcessModule = { fork(modulePath: string, args?: string[], options?: ForkOptions): UtilityProcess };

class UtilityApiChannel extends EventEmitter<ApiChannelEvents> implements ApiChannel {
  private readonly child: UtilityProcess;
  exited = false;

  constructor(utility: UtilityProcessModule, entry: string, execArgv: string[]) {
    super();
    this.child = utility.fork(entry, [], { execArgv, stdio: 'pipe', serviceName: 'Vantage API' });
    this.child.on('message', (message: unknown) => this.emit('message', message as ApiProcessMessage));
    this.child.once('exit', (code: number) => {
      this.exited = true;
      this.emit('exit', code, null);
    });
    if (this.child.stdout) pipeLines(this.child.stdout, (line) => this.emit('stdout', line));
    if (this.child.stderr) pipeLines(this.child.stderr, (line) => this.emit('stderr', line));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: SupervisorMessage): void {
    if (!this.exited) this.child.postMessage(message);
  }

  kill(signal: NodeJS.Signals): void {
    if (this.exited) return;
    // utilityProcess.kill() sends SIGTERM; a hard stop goes to the pid.
    if (signal === 'SIGKILL' && this.child.pid) process.kill(this.child.pid, 'SIGKILL');
    else this.child.kill();
  }
}

export class UtilityApiLauncher implements ApiLauncher {
  constructor(
    private readonly utility: UtilityProcessModule,
    private readonly entry: () => ApiEntry = apiEntry,
  ) {}

  launch(): ApiChannel {
    const { file, execArgv } = this.entry();
    return new UtilityApiChannel(this.utility, file, execArgv);
  }
}
