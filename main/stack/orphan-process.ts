// A server left running by a supervisor that died (power cut, SIGKILL) is found by its pid file and stopped.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function commandLineOf(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Stops the process named in `pidFile` if it is alive and its command line contains `expected`. */
export async function stopOrphan(pidFile: string, expected: string, timeoutMs = 10_000): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || !isAlive(pid)) return null;
  if (!(await commandLineOf(pid)).includes(expected)) return null;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return pid;
}
