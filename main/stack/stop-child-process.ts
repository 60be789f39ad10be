// Stops a child process: a polite signal, a bounded wait, then SIGKILL.
import type { ChildProcess } from 'node:child_process';

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export async function stopChildProcess(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (hasExited(child)) return;
  child.kill(signal);
  if (await waitForExit(child, timeoutMs)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 5_000);
}
