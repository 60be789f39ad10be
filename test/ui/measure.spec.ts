// The ruler: the button (or M) turns it on, each click adds a point, the readout gives the length along the path (km,
// mi, nm) and the last leg's bearing; a click on a fire adds a point instead of opening its popup; a drag still pans;
// Escape ends it and the map's clicks open popups again.
import { type Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { type LonLat, measurePath } from '../../renderer/src/map/measure-path.js';
import { ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

// The Kazakh steppe: away from the other tests' places.
const FIRE = { longitude: 66.9, latitude: 48.0 };
const TILE_SIZE = 512;

test.beforeAll(async () => {
  await ingestFires([{ ...FIRE, frp: 33.3 }]);
});

/**
 * The map position under a whole page pixel (what a click there lands on), by inverting Web Mercator from the map's
 * centre and zoom; checked against the map's own projection, so the expected figures are exact, not ±1 px.
 */
async function positionAt(page: Page, map: MapPage, x: number, y: number): Promise<LonLat> {
  const box = await map.canvas.boundingBox();
  if (!box) throw new Error('map canvas not on screen');
  const { center, zoom } = await map.view();
  const world = TILE_SIZE * 2 ** zoom;
  const mercatorY = (lat: number) => 180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const worldX = ((180 + center[0]) / 360) * world + (x - box.x - box.width / 2);
  const worldY = (mercatorY(center[1]) / 360) * world + (y - box.y - box.height / 2);
  const lon = (worldX / world) * 360 - 180;
  const lat = (360 / Math.PI) * Math.atan(Math.exp(((180 - (worldY / world) * 360) * Math.PI) / 180)) - 90;
  const back = await map.pagePoint(lon, lat);
  expect(Math.abs(back.x - x) + Math.abs(back.y - y), `the map projects ${lon},${lat} back to ${x},${y}`).toBeLessThan(0.05);
  return [lon, lat];
}

async function wholePixel(map: MapPage, lon: number, lat: number): Promise<{ x: number; y: number }> {
  const point = await map.pagePoint(lon, lat);
  return { x: Math.round(point.x), y: Math.round(point.y) };
}

async function expectReadout(page: Page, points: LonLat[]): Promise<void> {
  const expected = measurePath(points);
  const readout = page.getByTestId('measure-readout');
  await expect(readout).toHaveAttribute('data-points', String(points.length));
  const distance = page.getByTestId('measure-distance');
  await expect(distance).toHaveText(`${expected.text.km} · ${expected.text.mi} · ${expected.text.nm}`);
  expect(Number(await distance.getAttribute('data-metres'))).toBeCloseTo(expected.metres, 0);
  const bearing = page.getByTestId('measure-bearing');
  await expect(bearing).toContainText(expected.text.bearing!);
  expect(Number(await bearing.getAttribute('data-degrees'))).toBeCloseTo(expected.bearing!, 3);
}

test('measures the distance and bearing between clicked points; clicks add points instead of opening popups', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 9] });
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
  const popup = page.locator('.vantage-popup');
  const button = page.getByTestId('measure-button');

  // Not measuring, a click on the fire opens its popup.
  let onFire = await wholePixel(map, FIRE.longitude, FIRE.latitude);
  await page.mouse.click(onFire.x, onFire.y);
  await expect(popup).toContainText('33.3 MW');
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  // A popup near the top of the map pans it clear of the search box: measure once that ease has ended.
  await map.expectStill();
  onFire = await wholePixel(map, FIRE.longitude, FIRE.latitude);

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const readout = page.getByTestId('measure-readout');
  await expect(readout).toContainText('Click the map to place the first point');

  const a = await positionAt(page, map, onFire.x, onFire.y);
  await page.mouse.click(onFire.x, onFire.y);
  await expect(readout).toHaveAttribute('data-points', '1');
  await expect(readout).toContainText('Click the next point');
  // The map's own click would have opened the popup by now (synchronously, before the readout re-rendered).
  await expect(popup).toHaveCount(0);

  // Clear of the search box above: the popup's pan leaves the fire about 180 px below the map's top.
  const second = { x: onFire.x + 200, y: onFire.y - 100 };
  const b = await positionAt(page, map, second.x, second.y);
  await page.mouse.click(second.x, second.y);
  await expectReadout(page, [a, b]);
  // North-east of the fire, 16 points to the compass: the readout says which.
  expect(measurePath([a, b]).text.bearing).toMatch(/^\d+° (NE|ENE)$/);

  // A drag pans the map and adds nothing; the points stay where they were put.
  await page.mouse.move(onFire.x - 100, onFire.y + 60);
  await page.mouse.down();
  await page.mouse.move(onFire.x - 60, onFire.y + 100, { steps: 5 });
  await page.mouse.up();
  await expect(readout).toHaveAttribute('data-points', '2');
  await expect.poll(async () => (await map.view()).center[0]).not.toBeCloseTo(FIRE.longitude, 4);
  // The drag's inertia carries the map on for a moment: measure once it has stopped.
  await map.expectStill();

  // West and a little north: clear of the credits and scale bars at the map's bottom (a click there lands on them).
  const third = await wholePixel(map, FIRE.longitude - 0.3, FIRE.latitude + 0.05);
  const c = await positionAt(page, map, third.x, third.y);
  await page.mouse.click(third.x, third.y);
  await expectReadout(page, [a, b, c]);
  await expect(readout).toContainText('3 points');

  // No click while measuring opened a popup or a pick list.
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('pick-list')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(readout).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  // Measuring has ended: the fire's popup opens again.
  const fireNow = await wholePixel(map, FIRE.longitude, FIRE.latitude);
  await page.mouse.click(fireNow.x, fireNow.y);
  await expect(popup).toContainText('33.3 MW');
});

test('M starts measuring and the button ends it; the shortcut is listed on ?', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 9] });
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-help').getByText('M', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Typed into the search box, m is a letter, not the ruler.
  const search = page.getByTestId('search-input');
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('m');
  await expect(search).toHaveValue('m');
  await expect(page.getByTestId('measure-button')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await search.blur();

  await page.keyboard.press('m');
  await expect(page.getByTestId('measure-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('measure-readout')).toBeVisible();
  // A double-click places one point and does not zoom in.
  const map = new MapPage(page);
  const zoom = (await map.view()).zoom;
  const spot = await wholePixel(map, FIRE.longitude + 0.1, FIRE.latitude + 0.1);
  await page.mouse.dblclick(spot.x, spot.y);
  await expect(page.getByTestId('measure-readout')).toHaveAttribute('data-points', '1');
  // Checking that something did not happen: long enough for MapLibre's double-click zoom (an easing) to have moved.
  await page.waitForTimeout(500);
  expect((await map.view()).zoom).toBe(zoom);
  await page.getByTestId('measure-button').click();
  await expect(page.getByTestId('measure-readout')).toHaveCount(0);
  await expect(page.getByTestId('measure-button')).toHaveAttribute('aria-pressed', 'false');
});

test('a leg across the antimeridian is measured the short way, due east', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  // Fiji, where the date line runs through the view.
  await app.openReady({ view: [180, -17, 7] });
  const west = await wholePixel(map, 179.7, -17);
  const east = await wholePixel(map, 180.3, -17);
  const a = await positionAt(page, map, west.x, west.y);
  const b = await positionAt(page, map, east.x, east.y);

  await page.getByTestId('measure-button').click();
  await page.mouse.click(west.x, west.y);
  await page.mouse.click(east.x, east.y);
  await expectReadout(page, [a, b]);
  const metres = Number(await page.getByTestId('measure-distance').getAttribute('data-metres'));
  expect(metres).toBeGreaterThan(60_000);
  expect(metres).toBeLessThan(65_000);
  await expect(page.getByTestId('measure-bearing')).toContainText(/^90° E/);
});

test('at 1280×720 the readout covers neither the search box, the HUD, the panels, the zoom buttons nor the other map buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 9] });
  await page.getByTestId('measure-button').click();
  for (const [lon, lat] of [
    [FIRE.longitude - 0.2, FIRE.latitude - 0.1],
    [FIRE.longitude + 0.2, FIRE.latitude + 0.1],
  ] as const) {
    const point = await wholePixel(map, lon, lat);
    await page.mouse.click(point.x, point.y);
  }
  await expect(page.getByTestId('measure-distance')).toBeVisible();
  const readout = await page.getByTestId('measure-readout').boundingBox();
  if (!readout) throw new Error('readout not on screen');
  expect(readout.x).toBeGreaterThanOrEqual(0);
  expect(readout.y + readout.height).toBeLessThanOrEqual(720);
  const others = {
    'search box': page.locator('.search-box'),
    HUD: page.locator('.hud-bar'),
    brief: page.locator('.brief'),
    'side panel and legend': page.locator('.side-panel'),
    'zoom buttons': page.locator('.maplibregl-ctrl-bottom-right .maplibregl-ctrl-group'),
    'shortcuts button': page.getByTestId('shortcuts-button'),
    'measure button': page.getByTestId('measure-button'),
    'export button': page.getByTestId('export-button'),
    'playback bar': page.locator('.playback'),
  };
  for (const [name, locator] of Object.entries(others)) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${name} not on screen`);
    const apart = readout.x + readout.width <= box.x || box.x + box.width <= readout.x || readout.y + readout.height <= box.y || box.y + box.height <= readout.y;
    expect(apart, `the readout is clear of the ${name}`).toBe(true);
  }
});

test('a click on the readout places its point on the map beneath, and the readout moves to the other side off it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 9] });
  await page.getByTestId('measure-button').click();
  const first = await wholePixel(map, FIRE.longitude - 0.2, FIRE.latitude - 0.1);
  await page.mouse.click(first.x, first.y);
  const readout = page.getByTestId('measure-readout');
  await expect(readout).toHaveAttribute('data-points', '1');
  await expect(readout).toHaveAttribute('data-dodged', 'false');
  const box = (await readout.boundingBox())!;
  // Its middle: the click was lost there, neither a point nor a word, and the point then lay hidden under it.
  const under = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const a = await positionAt(page, map, first.x, first.y);
  const b = await positionAt(page, map, under.x, under.y);
  await page.mouse.click(under.x, under.y);
  await expectReadout(page, [a, b]);
  await expect(readout).toHaveAttribute('data-dodged', 'true');
  const moved = (await readout.boundingBox())!;
  const clear = (x: number, y: number) => x < moved.x || x > moved.x + moved.width || y < moved.y || y > moved.y + moved.height;
  expect(clear(under.x, under.y), 'the point is not under the readout').toBe(true);
  expect(clear(first.x, first.y), 'nor the first').toBe(true);
});

test('on a fresh page, M and two clicks straight away place both points and give the distance', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 9] });
  const first = await wholePixel(map, FIRE.longitude - 0.2, FIRE.latitude - 0.1);
  const second = await wholePixel(map, FIRE.longitude + 0.2, FIRE.latitude + 0.1);
  const a = await positionAt(page, map, first.x, first.y);
  const b = await positionAt(page, map, second.x, second.y);

  // No wait for the ruler's code, its button or its readout: the clicks follow the key at once.
  await page.keyboard.press('m');
  await page.mouse.click(first.x, first.y);
  await page.mouse.click(second.x, second.y);
  await expectReadout(page, [a, b]);
  await expect(page.locator('.vantage-popup')).toHaveCount(0);
});

test('from the keyboard: M, then Enter at the centre cross, the arrows, Enter again measure the leg between', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [70.0, 47.0, 6] });
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.focus();
  await page.keyboard.press('m');
  await expect(page.getByTestId('measure-readout')).toBeVisible();
  const centre = async (): Promise<LonLat> => (await map.view()).center;
  const first = await centre();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('measure-readout')).toHaveAttribute('data-points', '1');
  for (let press = 0; press < 2; press += 1) await page.keyboard.press('ArrowRight');
  await map.expectStill();
  const second = await centre();
  await page.keyboard.press('Enter');
  // Due east along the parallel, as far as the map moved.
  await expectReadout(page, [first, second]);
});
