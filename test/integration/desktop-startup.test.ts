// The desktop start-up flow under plain Node with the real stack: splash progress (first run said),
// the app URL with the token once the API is ready, the error screen with the log path when the data
// folder is unusable or nats-server dies, retry, and quit leaving no process behind.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopStartup, type DesktopShell } from '../../main/electron/desktop-startup.js';
import type { StartupView } from '../../main/electron/startup-page.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';

class RecordingShell implements DesktopShell {
  views: StartupView[] = [];
  apps: string[] = [];
  showStartup(view: StartupView): void {
    this.views.push(structuredClone(view));
  }
  showApp(url: string): void {
    this.apps.push(url);
  }
  get last(): StartupView | undefined {
    return this.views.at(-1);
  }
}

const overrides = { apiRestartDelayMs: { initial: 200, max: 1_000 }, serverOverrides: { schedulesEnabled: false } };

describe('desktop start-up (plain Node, real stack)', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vantage-desktop-'));
    // As root, PostgreSQL runs as its own user, who must pass through to the data folder.
    await chmod(root, 0o711);
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('shows the error screen with the log path when the data folder cannot be used', async () => {
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'not a folder');
    const dataDir = path.join(blocker, 'vantage');
    const shell = new RecordingShell();
    const startup = new DesktopStartup({ settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), shell, quiet: true, supervisorOverrides: overrides });
    expect(await startup.start()).toBe(false);
    expect(shell.views[0]).toMatchObject({ kind: 'progress', steps: ['preparing the data folder'] });
    expect(shell.last).toMatchObject({ kind: 'error', logPath: path.join(dataDir, 'logs', 'vantage.log') });
    expect((shell.last as { message: string }).message).toMatch(/data folder .* cannot be used: ENOTDIR/);
    expect(shell.apps).toEqual([]);
    await startup.quit();
  });

  it('starts with progress and opens the app; when nats-server dies shows the error screen, retries, and quits clean', async () => {
    const dataDir = path.join(root, 'data');
    const shell = new RecordingShell();
    const startup = new DesktopStartup({ settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), shell, quiet: true, supervisorOverrides: overrides });
    expect(await startup.start()).toBe(true);
    const progress = shell.views.filter((view) => view.kind === 'progress');
    expect(progress[0]).toMatchObject({ firstRun: true });
    const steps = (progress.at(-1) as { steps: readonly string[] }).steps;
    expect(steps.indexOf('starting NATS')).toBeGreaterThan(0);
    expect(steps.indexOf('starting the API')).toBeGreaterThan(steps.indexOf('starting NATS'));

    const { apiUrl, token } = startup.connection!;
    expect(shell.apps).toEqual([`${apiUrl}/#token=${encodeURIComponent(token)}`]);
    const keys = await fetch(`${apiUrl}/api/keys`, { headers: { authorization: `Bearer ${token}` } });
    expect(keys.status).toBe(200);

    // nats-server dies: the stack stops and the error screen says so, with the log path.
    const natsPid = Number((await readFile(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8')).trim());
    process.kill(natsPid, 'SIGKILL');
    await waitFor(() => (shell.last?.kind === 'error' ? true : undefined), 30_000, 'the error screen');
    expect((shell.last as { message: string }).message).toMatch(/nats-server stopped unexpectedly/);
    expect(startup.connection).toBeNull();

    // Retry brings everything back on the same data folder (not a first run now).
    expect(await startup.retry()).toBe(true);
    expect(shell.views.filter((view) => view.kind === 'progress').at(-1)).toMatchObject({ firstRun: false });
    expect(shell.apps).toHaveLength(2);
    const again = startup.connection!;
    expect((await fetch(`${again.apiUrl}/api/health`)).status).toBe(200);

    const postmaster = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const nats = Number((await readFile(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8')).trim());
    const api = startup.apiPid;
    expect(api).toBeGreaterThan(0);
    await startup.quit();
    expect(isProcessAlive(api)).toBe(false);
    expect(isProcessAlive(postmaster)).toBe(false);
    expect(isProcessAlive(nats)).toBe(false);
    await expect(fetch(`${again.apiUrl}/api/health`)).rejects.toThrow();
  });
});
