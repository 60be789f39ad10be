// The view in the address: panning and toggling write it (no token in it), a reload of the same tab reopens the same
// place and layers with the token it was opened with, and a new tab given the link alone asks for the token.
import { expect, type Page, test } from '@playwright/test';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';
import { uiStack } from './support/stack-file.js';

async function mapView(page: Page): Promise<{ center: [number, number]; zoom: number }> {
  return page.evaluate(() => (globalThis as unknown as { __vantage: { view(): { center: [number, number]; zoom: number } } }).__vantage.view());
}

test('a reload reopens the same view and layers; the link alone carries no token', async ({ page, context }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [12.5, 41.9, 6] });
  await map.toggle('aircraft').click();
  await expect(map.toggle('aircraft')).toHaveAttribute('aria-pressed', 'false');
  // Drag the map westwards (the view moves east), then wait for the address to follow.
  await page.mouse.move(720, 450);
  await page.mouse.down();
  await page.mouse.move(620, 450, { steps: 5 });
  await page.mouse.up();
  // The address follows once the map has settled (the viewport report is debounced): east of where it opened.
  const addressLongitude = () => Number(/^#view=(-?[\d.]+),/.exec(new URL(page.url()).hash)?.[1]);
  await expect.poll(addressLongitude).toBeGreaterThan(12.6);
  expect(new URL(page.url()).hash).toMatch(/^#view=1[2-9]\.\d{5},41\.9\d{4},6\.00&layers=fires,incidents,events,geofences,alerts,cameras$/);
  const link = page.url();
  expect(link).not.toContain(uiStack().token);
  const before = await mapView(page);

  await page.reload();
  await app.waitForState('ready');
  const after = await mapView(page);
  expect(after.zoom).toBeCloseTo(before.zoom, 2);
  expect(after.center[0]).toBeCloseTo(before.center[0], 3);
  expect(after.center[1]).toBeCloseTo(before.center[1], 3);
  await expect(map.toggle('aircraft')).toHaveAttribute('aria-pressed', 'false');
  expect(await map.layerVisible('aircraft')).toBe(false);

  // Another tab: the same link, no token (sessionStorage belongs to the tab that was opened with it).
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('html')).toHaveAttribute('data-state', 'error', { timeout: 20_000 });
  await expect(other.getByTestId('error-screen')).toContainText('No access token');
  await other.close();
});
