// An online style's attribution HTML is shown as text: no markup from the style host reaches the page.
// (Its own stack with a style URL set; the style is served by the test through page routing.)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/ui-test.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';

const STYLE_URL = 'https://tiles.example.test/style.json';
const HOSTILE_ATTRIBUTION = '<img src="x" onerror="document.documentElement.dataset.pwned=\'1\'"><a href="https://tiles.example.test/">&copy; Example Tiles</a>';

// Routing does not get past the page's CSP (connect-src 'self'): the test lifts it to stand in for a
// deployment whose CSP names the style host.
test.use({ bypassCSP: true });

test('an online style with HTML in its attribution shows it as plain text', async ({ page }) => {
  test.setTimeout(90_000);
  const parent = await mkdtemp(path.join(os.tmpdir(), 'vantage-ui-attrib-'));
  await chmod(parent, 0o711);
  const supervisor = new StackSupervisor({
    settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: path.join(parent, 'data'), LOG_LEVEL: 'warn', MAP_STYLE_URL: STYLE_URL }),
    logger: createStackLogger({ level: 'warn', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, notificationsEnabled: false },
  });
  try {
    await page.route(STYLE_URL, (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          version: 8,
          sources: {
            land: {
              type: 'geojson',
              attribution: HOSTILE_ATTRIBUTION,
              data: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]] } },
            },
          },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#0b1118' } },
            { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#1c2733' } },
          ],
        }),
      }),
    );
    const { apiUrl, token } = await supervisor.start();
    await page.goto(`${apiUrl}/#token=${encodeURIComponent(token)}`);
    await expect(page.locator('html')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    const attribution = page.getByTestId('map-attribution');
    await expect(attribution).toContainText('© Example Tiles');
    await expect(attribution.locator('img, a')).toHaveCount(0);
    await expect(page.locator('.map img[src="x"]')).toHaveCount(0);
    expect(await page.locator('html').getAttribute('data-pwned')).toBeNull();
  } finally {
    await supervisor.stop();
    await rm(parent, { recursive: true, force: true });
  }
});
