// Memory of a process tree, as proportional set size (shared pages split between sharers), from /proc.
import { readdir, readFile } from 'node:fs/promises';

async function childrenOf(pid: number): Promise<number[]> {
  const result: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) result.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return result;
}

async function pssKiB(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** PSS in MiB of `pid` and all its descendants. */
export async function treeMemoryMiB(pid: number): Promise<number> {
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    total += await pssKiB(current);
    queue.push(...(await childrenOf(current)));
  }
  return total / 1024;
}
