// In the field with no network: a stack whose settings name an online map style that cannot be reached
// still opens, on the basemap shipped with the app. (Its own stack: the shared one has no style set.)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/ui-test.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';

test('an unreachable online style falls back to the shipped basemap and the map gets ready', async ({ page }) => {
  test.setTimeout(90_000);
  const parent = await mkdtemp(path.join(os.tmpdir(), 'vantage-ui-style-'));
  await chmod(parent, 0o711);
  const supervisor = new StackSupervisor({
    // A closed port on loopback stands for a style host that cannot be reached.
    settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: path.join(parent, 'data'), LOG_LEVEL: 'warn', MAP_STYLE_URL: 'https://127.0.0.1:9/style.json' }),
    logger: createStackLogger({ level: 'warn', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, notificationsEnabled: false },
  });
  try {
    const { apiUrl, token } = await supervisor.start();
    const settings = await fetch(`${apiUrl}/api/ui-settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(await settings.json()).toEqual({ mapStyleUrl: 'https://127.0.0.1:9/style.json' });
    await page.goto(`${apiUrl}/#token=${encodeURIComponent(token)}`);
    await expect(page.locator('html')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.getByText('Natural Earth')).toBeVisible();
  } finally {
    await supervisor.stop();
    await rm(parent, { recursive: true, force: true });
  }
});
