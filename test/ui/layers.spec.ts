// Every layer toggles: the button's aria-pressed, the map's own layout visibility, and a count shown.
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page.js';
import { LAYER_KEYS, MapPage } from './pages/map-page.js';

test('each layer toggles off and on, with its count shown', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady();
  for (const key of LAYER_KEYS) {
    const toggle = map.toggle(key);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await map.layerVisible(key)).toBe(true);
    // A number, or a dash with the reason when the source is not available yet.
    const count = await map.count(key).getAttribute('data-value');
    if (count === '') await expect(page.getByTestId(`layer-status-${key}`)).toBeVisible();
    else expect(Number(count)).toBeGreaterThanOrEqual(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await map.layerVisible(key)).toBe(false);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await map.layerVisible(key)).toBe(true);
  }
});
