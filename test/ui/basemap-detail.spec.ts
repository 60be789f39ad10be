// The offline basemap's 1:50m shapes are fetched only for a view at zoom 2 or closer (BASEMAP_DETAIL_MIN_ZOOM): the
// world view draws the 1:110m ones, made for maps of the whole world, and its page load spares the worker their 3.7 MB.
import type { Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

/** The basemap files the page asks for (the map's worker fetches them), by scale: `countries-50m`, … */
function basemapRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const file = /\/(countries|borders|coasts)-(110m|50m)-[^/]*\.json$/.exec(request.url());
    if (file) asked.push(`${file[1]}-${file[2]}`);
  });
  return asked;
}

test('the world view draws the 1:110m shapes alone; zoomed in to 2, the map fetches the 1:50m ones', async ({ page }) => {
  const asked = basemapRequests(page);
  const map = new MapPage(page);
  await new AppPage(page).openReady();
  await map.expectStill();
  expect((await map.view()).zoom, 'the world view, fitted to the map between the panels').toBeLessThan(2);
  expect(asked.sort()).toEqual(['borders-110m', 'coasts-110m', 'countries-110m']);

  // The map's zoom button, a step at a time: nothing more is fetched until a step ends at 2 or closer.
  while ((await map.view()).zoom < 2) {
    expect(asked.filter((file) => file.endsWith('-50m')), `at zoom ${(await map.view()).zoom}`).toEqual([]);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await map.expectStill();
  }
  await expect.poll(() => asked.filter((file) => file.endsWith('-50m')).sort(), { timeout: 10_000 }).toEqual(['borders-50m', 'coasts-50m', 'countries-50m']);
});

test('a view opened at zoom 2 or closer fetches the 1:50m shapes once it is ready', async ({ page }) => {
  const asked = basemapRequests(page);
  await new AppPage(page).openReady({ view: [15, 45, 2.3] });
  await expect.poll(() => asked.filter((file) => file.endsWith('-50m')).sort(), { timeout: 10_000 }).toEqual(['borders-50m', 'coasts-50m', 'countries-50m']);
});
