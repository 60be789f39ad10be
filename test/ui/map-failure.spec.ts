// A map that cannot start says so on the error screen (named failure), instead of a blank page.
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';

test('a map library that cannot load shows the error screen with map-failed, and Reload opens the map once it loads', async ({ page }) => {
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, (route) => route.abort('failed'));
  const app = new AppPage(page);
  await app.open();
  await app.waitForState('error');
  await expect(app.errorScreen()).toBeVisible();
  await expect(app.errorScreen()).toHaveAttribute('data-failure', 'map-failed');
  await expect(app.errorScreen()).toContainText('The map could not start');
  // A way out: once the file loads again, Reload opens the map.
  await page.unroute(/\/assets\/maplibre-gl-[^/]*\.js$/);
  await page.getByTestId('error-retry').click();
  await app.waitForState('ready');
});
