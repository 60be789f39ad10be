// A log file that cannot be written (a full disk; here /dev/full, whose every write fails with ENOSPC): the supervisor
// and the API go on, say so once on stderr, and a process that exits does exit. Before, the supervisor crashed on the
// write's unheard error (PostgreSQL and nats-server were left running), and the API's last flush retried the write for
// as long as the disk stayed full.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Runs `code` (an ES module) under tsx from the checkout; answers its exit code and stderr, or 'hung' after 20 s. */
function run(code: string): Promise<{ exit: number | null | 'hung'; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ exit: 'hung', stderr });
    }, 20_000);
    child.on('exit', (exit) => {
      clearTimeout(timer);
      resolve({ exit, stderr });
    });
  });
}

describe.skipIf(!existsSync('/dev/full'))('a log file on a full disk (/dev/full stands for one; skipped on a system without it)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-full-log-'));
    await mkdir(path.join(dataDir, 'logs'));
    await symlink('/dev/full', path.join(dataDir, 'logs', 'vantage.log'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("the supervisor's logger: lines go on, no crash, one note on stderr", async () => {
    const { exit, stderr } = await run(`
      import { createStackLogger } from './main/stack/stack-logger.ts';
      const log = createStackLogger({ dataDir: ${JSON.stringify(dataDir)}, quiet: true });
      for (let i = 0; i < 50; i += 1) log.info({ i }, 'a line');
      await new Promise((resolve) => setTimeout(resolve, 200));
      log.info('after');
      process.stderr.write('still running\\n');
    `);
    expect(exit, stderr).toBe(0);
    expect(stderr).toContain('still running');
    expect(stderr.match(/could not be written \(ENOSPC\)/g)).toHaveLength(1);
  });

  it("the API's logger: lines go on, and the process exits when it is done", async () => {
    const { exit, stderr } = await run(`
      import { createServerLogger } from './server/logger.ts';
      const log = createServerLogger({ level: 'info', dataDir: ${JSON.stringify(dataDir)}, toStdout: false });
      for (let i = 0; i < 50; i += 1) log.info({ i }, 'a line');
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let i = 0; i < 50; i += 1) log.info({ i }, 'a line after');
      process.stderr.write('still running\\n');
      process.exit(0);
    `);
    expect(exit, stderr).toBe(0);
    expect(stderr).toContain('still running');
    expect(stderr.match(/could not be written \(ENOSPC\)/g)).toHaveLength(1);
  });
});
