// The offline basemap comes as vector tiles cut at build time (renderer/src/map/basemap-tiles.ts): the map fetches the
// tiles of its view, the world's zooms cut from the 1:110m shapes and the closer ones from the 1:50m shapes, and no
// GeoJSON file of shapes for its worker to parse and cut at every page load.
import type { Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

/** What the page asks for of the basemap: its tiles as `z/x/y`, and any GeoJSON file of shapes. */
function basemapRequests(page: Page): { tiles: string[]; files: string[] } {
  const asked = { tiles: [] as string[], files: [] as string[] };
  page.on('request', (request) => {
    const tile = /\/basemap-[0-9a-f]+\/(\d+\/\d+\/\d+)\.pbf$/.exec(request.url());
    if (tile) asked.tiles.push(tile[1]!);
    if (/\/(countries|borders|coasts)-[^/]*\.json$/.test(request.url())) asked.files.push(request.url());
  });
  return asked;
}

/** Andorra la Vella: in the 1:50m atlas alone. */
const ANDORRA: [number, number] = [1.52, 42.51];

const zoomsOf = (tiles: readonly string[]) => [...new Set(tiles.map((tile) => Number(tile.split('/')[0])))].sort((a, b) => a - b);

test('the world view draws the tiles of zoom 0 (1:110m); zoomed in to 2, the map fetches the tiles of zoom 2 (1:50m)', async ({ page }) => {
  const asked = basemapRequests(page);
  const map = new MapPage(page);
  await new AppPage(page).openReady();
  await map.expectStill();
  expect((await map.view()).zoom, 'the world view, fitted to the map between the panels').toBeLessThan(1);
  expect(zoomsOf(asked.tiles)).toEqual([0]);
  expect(await map.basemapCountryAt(-50, -10), 'the countries are drawn').toBe('Brazil');
  expect(await map.basemapCountryAt(ANDORRA[0], ANDORRA[1]), '1:110m has no Andorra').not.toBe('Andorra');

  // The map's zoom button, a step at a time: no tile of zoom 2 or closer is fetched until a step ends at 2 or closer.
  while ((await map.view()).zoom < 2) {
    expect(zoomsOf(asked.tiles).filter((z) => z >= 2), `at zoom ${(await map.view()).zoom}`).toEqual([]);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await map.expectStill();
  }
  expect(zoomsOf(asked.tiles).at(-1)).toBe(2);
  expect(asked.files, 'no GeoJSON shapes').toEqual([]);
});

test('a view at zoom 2.3 over Europe fetches its zoom 2 tiles alone and draws Andorra, which 1:110m leaves out', async ({ page }) => {
  const asked = basemapRequests(page);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [10, 48, 2.3] });
  await map.expectStill();
  expect(zoomsOf(asked.tiles)).toEqual([2]);
  expect(asked.files, 'no GeoJSON shapes').toEqual([]);
  expect(await map.basemapCountryAt(ANDORRA[0], ANDORRA[1])).toBe('Andorra');
});
