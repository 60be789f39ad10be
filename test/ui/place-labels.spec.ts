// The offline basemap names where the analyst is: countries and capitals at zoom 2 and 4, cities at zoom 8, from the
// API's place tiles, drawn with local fonts (the style has no glyph server). Popups show coordinates and age.
import { expect, test } from './support/ui-test.js';
import { ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';
import { waitForAirports, waitForBasemapLand, waitForGazetteer } from './support/places-ready.js';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await waitForGazetteer();
});

test('zoom 4 over Europe names Paris, London and countries', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [5, 50, 4] });
  await expect.poll(() => map.renderedPlaceNames(), { timeout: 20_000 }).toEqual(expect.arrayContaining(['Paris', 'London', 'France']));
});

test('names are drawn above the marks: dense aircraft and incidents around a city leave its name readable', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [-118.24, 34.05, 5] });
  await expect.poll(() => map.renderedPlaceNames(), { timeout: 20_000 }).toContain('Los Angeles');
  const ids = await map.styleLayerIds();
  const lastMark = Math.max(...['fires-tiles', 'fires-points', 'fires-live', 'incidents', 'cameras', 'aircraft-trails', 'aircraft'].map((id) => ids.indexOf(id)));
  for (const id of ['place-labels', 'place-major-labels', 'place-region-labels', 'place-country-labels']) {
    expect(ids.indexOf(id), `${id} above the marks`).toBeGreaterThan(lastMark);
  }
  // The towns' dots stay beneath the marks (a fire on a town is seen).
  expect(ids.indexOf('place-dots')).toBeLessThan(ids.indexOf('fires-tiles'));
});

test('zoomed out, the great cities are named beside the capitals: Mumbai, Karachi and Shanghai, not only Muscat, Colombo and Taipei', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [90, 25, 1.6] });
  await expect
    .poll(() => map.renderedPlaceNames(), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['Mumbai', 'Karachi', 'Shanghai', 'Delhi', 'Beijing', 'Tokyo']));
});

test('the world view leaves out the capitals of a few thousand people', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [-20, 45, 1.6] });
  await expect.poll(() => map.renderedPlaceNames(), { timeout: 20_000 }).toEqual(expect.arrayContaining(['London', 'Madrid']));
  // Capitals of dependencies, drawn from zoom 0 as capitals (Longyearbyen: 2,000 people; Nuuk; Stanley, Falklands).
  const names = await map.renderedPlaceNames();
  for (const small of ['Longyearbyen', 'Nuuk', 'Tórshavn', 'Hamilton', 'Stanley']) expect(names, small).not.toContain(small);
});

test('zoom 2 over North America, a tile at the map\'s edge, names the United States, Mexico and Washington', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [-100, 35, 2.3] });
  await expect
    .poll(() => map.renderedPlaceNames(), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['United States of America', 'Mexico', 'Washington']));
});

test('zoom 2 over Europe names the large countries before the small ones beside them', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [15, 45, 2.3] });
  await expect
    .poll(() => map.renderedPlaceNames(), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['France', 'Germany', 'Italy', 'United Kingdom', 'Spain']));
});

test('from zoom 6 the land is drawn at 1:10m: the Palos Verdes hills are land at zoom 10, where the 1:50m shape left them in the sea', async ({ page }) => {
  test.setTimeout(150_000);
  await waitForBasemapLand();
  const map = new MapPage(page);
  // Rancho Palos Verdes, 1.2 km inland.
  const hills = { lon: -118.41, lat: 33.77 };
  await new AppPage(page).openReady({ view: [hills.lon, hills.lat, 10] });
  await expect.poll(() => map.basemapLandAt(hills.lon, hills.lat), { timeout: 20_000 }).toEqual({ detail: true, coarse: false });
  // And the sea off Santa Monica's pier, which the 1:50m shape draws as land, is sea: that shape stops at zoom 6.
  expect(await map.basemapLandAt(-118.499, 34.008)).toEqual({ detail: false, coarse: false });
  // Below zoom 6 the shipped shapes draw the land (the tiles carry no detail there).
  await new AppPage(page).openReady({ view: [-100, 40, 4] });
  await expect.poll(() => map.basemapLandAt(-100, 40), { timeout: 20_000 }).toEqual({ detail: false, coarse: true });
});

test('zoom 8 over California names Sacramento', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [-121.49, 38.58, 8] });
  await expect.poll(() => map.renderedPlaceNames(), { timeout: 20_000 }).toContain('Sacramento');
});

test('airports are drawn with their codes: the large ones from zoom 7, the others too from zoom 9', async ({ page }) => {
  await waitForAirports();
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [-121.45, 38.62, 9] });
  await expect
    .poll(() => map.renderedPlaceNames(), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['Sacramento International Airport', 'McClellan Airfield']));
  await new AppPage(page).openReady({ view: [-121.45, 38.62, 7.5] });
  await expect.poll(() => map.renderedPlaceNames(), { timeout: 20_000 }).toContain('Sacramento International Airport');
  expect(await map.renderedPlaceNames()).not.toContain('McClellan Airfield');
  // Above the marks, as the other names: an aircraft on its runway leaves the code readable.
  const ids = await map.styleLayerIds();
  expect(ids.indexOf('place-airport-labels')).toBeGreaterThan(ids.indexOf('aircraft'));
});

test('a popup ends with the object’s coordinates and age (when it was detected); the cursor readout follows the pointer, and the map under it', async ({ page }) => {
  // Western Australia's interior: away from the other tests' places.
  const spot = { longitude: 121.71, latitude: -26.37 };
  await ingestFires([{ ...spot, frp: 12.3, minutesAgo: 12 }]);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [spot.longitude, spot.latitude, 10] });
  await map.expectFireDrawnNear(spot.longitude, spot.latitude);
  const point = await map.pagePoint(spot.longitude, spot.latitude);

  await page.mouse.move(point.x, point.y);
  await expect(page.getByTestId('cursor-decimal')).toContainText('-26.37');
  await expect(page.getByTestId('cursor-decimal')).toContainText('121.71');

  await page.mouse.click(point.x, point.y);
  const footer = page.locator('.vantage-popup').getByTestId('popup-footer');
  // The position drawn on the map (tiled: within a few metres of the stored one), decimal and DMS.
  const decimal = await footer.locator('.popup-coordinates').textContent();
  const [lat, lon] = (decimal ?? '').split(',').map(Number);
  expect(Math.abs(lat! - spot.latitude)).toBeLessThan(0.0005);
  expect(Math.abs(lon! - spot.longitude)).toBeLessThan(0.0005);
  await expect(footer).toContainText(/26°22′1\d″S 121°42′3\d″E/);
  // Said as what happened then: the fire's detection.
  await expect(footer).toContainText(/detected 1[0-3] min ago/);

  // The map moves under a still pointer (the keyboard pans it east): the readout reads the new spot under it.
  await page.keyboard.press('Escape');
  // (The popup had come between the pointer and the map.)
  await page.mouse.move(point.x + 1, point.y);
  await expect(page.getByTestId('cursor-decimal')).toContainText('121.71');
  await page.locator('.maplibregl-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number((await page.getByTestId('cursor-decimal').textContent())?.split(',')[1])).toBeGreaterThan(spot.longitude + 0.05);
});

test('zoomed in past what the offline map draws, a note says it has no streets and where they come from, until closed', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady({ view: [-121.49, 38.58, 8] });
  const note = page.getByTestId('offline-detail-note');
  await expect(note).toHaveCount(0);
  await app.openReady({ view: [-121.49, 38.58, 13] });
  await expect(note).toContainText('no streets or terrain');
  await expect(note).toContainText('online map style in the Sources tab');
  await note.getByRole('button', { name: 'Close' }).click();
  await expect(note).toHaveCount(0);
});
