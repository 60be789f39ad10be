import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuntimeFile, type RuntimeInfo } from '../../main/stack/runtime-file.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { SCHEMA_HEADS } from '../support/schema-heads.js';

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
      env: { ...process.env, ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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

    const health = await fetch(`${runtime.apiUrl}/api/health`, { headers: { authorization: `Bearer ${runtime.token}` } });
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { schemaHeads: string[] } }).database.schemaHeads).toEqual(SCHEMA_HEADS);

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

describe('`npm start`: the desktop app where an Electron runtime is present, else headless saying why', () => {
  let root_: string;

  beforeAll(async () => {
    root_ = await mkdtemp(path.join(os.tmpdir(), 'vantage-start-'));
    await chmod(root_, 0o711);
  });
  afterAll(async () => rm(root_, { recursive: true, force: true }));

  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/start.ts'], {
      cwd: root,
      env: { ...process.env, ...OFFLINE_STACK_ENV, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output, exited };
  }

  it('hands over to the Electron runtime with the desktop entry when one is installed', async () => {
    // An unpacked "Electron" that records how it was started (ELECTRON_OVERRIDE_DIST_PATH, as electron's own launcher allows).
    const dist = path.join(root_, 'electron-dist');
    await mkdir(dist);
    const record = path.join(root_, 'electron-argv.txt');
    await writeFile(path.join(dist, 'electron'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nexit 3\n`, { mode: 0o755 });
    const dataDir = path.join(root_, 'desktop-data');
    const { exited } = start({ ELECTRON_OVERRIDE_DIST_PATH: dist, VANTAGE_DATA_DIR: dataDir });
    expect(await exited).toBe(3);
    const entry = path.join(root, 'main', 'electron', 'entry.js');
    expect((await readFile(record, 'utf8')).trim().split('\n')).toEqual(process.getuid?.() === 0 ? ['--no-sandbox', entry] : [entry]);
    // The desktop app starts the stack itself: the launcher started none.
    await expect(readFile(path.join(dataDir, 'runtime.json'))).rejects.toThrow();
  });

  it('starts headless without a runtime, says why, and prints the UI address', async () => {
    const dataDir = path.join(root_, 'headless-data');
    const { child, output, exited } = start({ ELECTRON_OVERRIDE_DIST_PATH: path.join(root_, 'no-electron-here'), VANTAGE_DATA_DIR: dataDir });
    try {
      const runtime: RuntimeInfo = await waitFor(() => readRuntimeFile(dataDir).then((info) => info ?? undefined), 90_000, 'runtime.json');
      await waitFor(() => output.stdout.includes('#token='), 5_000, 'the printed URL');
      expect(output.stdout).toContain(`${runtime.apiUrl}/#token=${runtime.token}`);
      expect(output.stdout).toMatch(/Starting headless: no Electron runtime on this machine/);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
