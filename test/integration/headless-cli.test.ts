import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuntimeFile, type RuntimeInfo } from '../../main/stack/runtime-file.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('`npm run serve` (headless CLI)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes runtime.json, prints the UI URL, answers health and stops cleanly on SIGINT', async () => {
    // node with tsx's loader, as `npm run serve` runs it, so the supervisor is our direct child.
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli.ts'], {
      cwd: root,
      env: { ...process.env, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', () => undefined);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const runtime: RuntimeInfo = await waitFor(() => readRuntimeFile(dataDir).then((info) => info ?? undefined), 90_000, 'runtime.json');
    expect(runtime.pid).toBe(child.pid);
    await waitFor(() => stdout.includes('#token='), 5_000, 'the printed URL');
    expect(stdout).toContain(`${runtime.apiUrl}/#token=${runtime.token}`);

    const health = await fetch(`${runtime.apiUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { schemaHeads: string[] } }).database.schemaHeads).toEqual(['006_merge_005']);

    const postmaster = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const natsPid = Number((await readFile(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8')).trim());
    expect(isProcessAlive(postmaster)).toBe(true);
    expect(isProcessAlive(natsPid)).toBe(true);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await readRuntimeFile(dataDir)).toBeNull();
    expect(isProcessAlive(postmaster)).toBe(false);
    expect(isProcessAlive(natsPid)).toBe(false);
  });
});
