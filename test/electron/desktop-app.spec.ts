// The desktop app driven through Playwright's Electron support, each test with its own data folder:
// the window opens, the stack comes up, the HUD is ready, the Keys tab stores a key (masked), quit
// leaves no process behind, and an unusable data folder shows the start-up error screen.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, type ElectronApplication, expect, test } from '@playwright/test';
import { findElectronRuntime } from '../../main/electron-runtime.js';
import { isProcessAlive } from '../support/process-check.js';
import { KeysPage } from '../ui/pages/keys-page.js';

const ENTRY = fileURLToPath(new URL('../../main/electron/entry.js', import.meta.url));
const runtime = findElectronRuntime();
const title = runtime.present ? 'desktop app (Electron)' : `desktop app (Electron) — not run here: ${runtime.reason}; the same flows run in Chromium (test/ui)`;

test.describe(title, () => {
  test.skip(!runtime.present, runtime.present ? '' : runtime.reason);
  let root: string;

  test.beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vantage-electron-'));
    await chmod(root, 0o711);
  });
  test.afterEach(async () => rm(root, { recursive: true, force: true }));

  async function launch(dataDir: string): Promise<ElectronApplication> {
    const args = [ENTRY];
    // Chromium refuses to run sandboxed as root (CI machines).
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    return electron.launch({
      executablePath: (runtime as { binary: string }).binary,
      args,
      env: { ...process.env, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
  }

  test('opens the window, brings the stack up, stores a key masked, and quits leaving no process', async () => {
    const dataDir = path.join(root, 'data');
    const app = await launch(dataDir);
    const window = await app.firstWindow();
    await expect(window.locator('html')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect(window.getByTestId('hud')).toBeVisible();
    // The preload offers named functions only.
    expect(await window.evaluate(() => Object.keys((window as unknown as { vantage: object }).vantage).sort())).toEqual(['appVersion', 'connection', 'openLogFolder']);
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');

    const keys = new KeysPage(window);
    await keys.open();
    await keys.save('firms', '0123456789abcdef0123456789abcdef');
    await expect(keys.masked('firms')).toContainText('****cdef');
    await expect(keys.masked('firms')).not.toContainText('0123456789abcdef0123456789abcdef');

    const postmaster = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const nats = Number((await readFile(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8')).trim());
    await app.close();
    await expect.poll(() => isProcessAlive(postmaster) || isProcessAlive(nats), { timeout: 30_000 }).toBe(false);
  });

  test('shows the start-up error screen with the log path when the data folder cannot be used', async () => {
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'not a folder');
    const app = await launch(path.join(blocker, 'vantage'));
    const window = await app.firstWindow();
    await expect(window.getByText('Vantage could not start')).toBeVisible();
    await expect(window.getByText(path.join(blocker, 'vantage', 'logs', 'vantage.log'))).toBeVisible();
    await expect(window.getByRole('button', { name: 'Retry' })).toBeVisible();
    await app.close();
  });
});
