// The search box: Ctrl+K or "/" opens it, a place name or a position lists results, Enter flies the map there,
// Escape closes it. Against the real gazetteer the UI stack loads at start.
import { type Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';
import { waitForAirports, waitForGazetteer } from './support/places-ready.js';
import { placeAircraft } from './support/aircraft-fixture.js';
import { ingestFires } from './support/api-helpers.js';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await waitForGazetteer();
});

/** The map settles on a centre within `tolerance` degrees of the place. */
async function expectCentreNear(map: MapPage, lat: number, lon: number, tolerance = 0.05): Promise<void> {
  await expect
    .poll(
      async () => {
        const { center } = await map.view();
        return Math.max(Math.abs(center[1] - lat), Math.abs(center[0] - lon));
      },
      { message: `map centre near ${lat}, ${lon}`, timeout: 10_000 },
    )
    .toBeLessThan(tolerance);
}

async function openApp(page: Page): Promise<MapPage> {
  await new AppPage(page).openReady({ view: [10, 45, 3] });
  return new MapPage(page);
}

test('Ctrl+K opens the search; "Sacramento" lists it first and Enter flies there; Escape closes', async ({ page }) => {
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await expect(input).not.toBeFocused();
  await page.locator('body').press('Control+k');
  await expect(input).toBeFocused();

  await input.fill('Sacramento');
  const first = page.getByTestId('search-result').first();
  await expect(first).toContainText('Sacramento');
  await expect(first).toContainText('California');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expectCentreNear(map, 38.58, -121.49);
  // The flight may still be zooming in its last frames when the centre is already there.
  await expect.poll(async () => (await map.view()).zoom, { message: 'zoomed in on the city' }).toBeGreaterThanOrEqual(9);
  await expect(page.getByTestId('search-results')).toHaveCount(0);

  // Escape closes the list and gives the keys back to the map.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  await expect(input).not.toBeFocused();
});

test('a list opening under a pointer at rest chooses no row: Enter goes to the first result; a pointer moved over a row chooses it', async ({ page }) => {
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  const box = (await page.getByTestId('search-box').boundingBox())!;
  // The pointer rests over the map where the list's fourth row will open.
  const rest = { x: box.x + box.width / 2, y: box.y + box.height + 190 };
  await page.mouse.move(rest.x, rest.y);
  await input.focus();
  await input.fill('Sacramento');
  const results = page.getByTestId('search-result');
  await expect(results.nth(4)).toBeVisible();
  // The row under the pointer is not chosen by its appearing there.
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await page.waitForTimeout(300);
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  // Moved over the second row, the pointer chooses it.
  const second = (await results.nth(1).boundingBox())!;
  await page.mouse.move(second.x + 40, second.y + second.height / 2, { steps: 3 });
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
  // Typed again (the pointer at rest over the list): the new answer starts on its first row, and Enter goes there.
  await input.fill('Sacramento, CA');
  await expect(results.first()).toContainText('California');
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expectCentreNear(map, 38.58, -121.49);
});

test('an airport code typed whole finds the airport, then its city: "LAX" lists the airport first and Enter flies there; "JFK" too', async ({ page }) => {
  await waitForAirports();
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await input.fill('LAX');
  const results = page.getByTestId('search-result');
  await expect(results.first()).toContainText('Los Angeles International Airport');
  await expect(results.first()).toContainText('LAX · KLAX');
  await expect(results.first()).toContainText('Airport');
  await expect(results.nth(1)).toContainText('Los Angeles');
  await expect(results.nth(1)).toContainText('code “LAX”');
  await expect(results.first()).not.toContainText('similar name');
  await input.press('Enter');
  await expectCentreNear(map, 33.94, -118.41);
  // On the offline basemap as close as it draws (zoom 10, airports named from 9), not street level with nothing drawn.
  await expect.poll(async () => (await map.view()).zoom, { message: 'as close as the offline map draws' }).toBeCloseTo(10, 1);
  await expect(page.getByTestId('offline-detail-note')).toHaveCount(0);
  // The offline basemap draws no airport: a pin marks it, named.
  await expect(page.getByTestId('search-pin')).toHaveAttribute('aria-label', 'Los Angeles International Airport');
  // GeoNames names no city by "JFK": the airport list does.
  await page.keyboard.press('Control+k');
  await input.fill('JFK');
  await expect(results.first()).toContainText('John F Kennedy International Airport');
  await input.press('Enter');
  await expectCentreNear(map, 40.64, -73.78);
});

test('while the place list is still loading, a place typed is not "nothing found": the search is asked again and its places come by themselves', async ({ page }) => {
  const map = await openApp(page);
  // The first answer as the API gives it during a first start's load (the stack's gazetteer is in by now): no
  // places yet, and the place list said to be loading. The requests after it reach the API untouched.
  let answered = 0;
  await page.route('**/api/search?*', async (route) => {
    answered += 1;
    if (answered > 1) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { results: Array<{ kind: string }> };
    await route.fulfill({ response, json: { ...body, gazetteer: 'loading', results: body.results.filter((result) => result.kind !== 'place') } });
  });
  const input = page.getByTestId('search-input');
  await input.fill('Sacramento');
  const state = page.getByTestId('search-places-state');
  await expect(state).toHaveAttribute('data-state', 'loading');
  await expect(state).toContainText('Places are still loading');
  await expect(state).toContainText('places for “Sacramento” appear here by themselves');
  await expect(page.getByTestId('search-empty')).toHaveCount(0);
  // Asked again with nothing typed: the place comes, and the loading words go.
  const first = page.getByTestId('search-result').first();
  await expect(first).toContainText('Sacramento', { timeout: 10_000 });
  await expect(state).toHaveCount(0);
  expect(answered).toBeGreaterThanOrEqual(2);
  await input.press('Enter');
  await expectCentreNear(map, 38.58, -121.49);
});

test('a misspelling lists similar names, but Enter does not fly to a guess unless it is chosen', async ({ page }) => {
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await input.fill('Sacremento');
  const first = page.getByTestId('search-result').first();
  await expect(first).toContainText('Sacramento');
  await expect(first).toContainText('similar name');
  await expect(page.getByTestId('search-similar')).toContainText('No name starts with “Sacremento”: these are similar names');
  const before = await map.view();
  await input.press('Enter');
  // Still open, and the map where it was.
  await expect(page.getByTestId('search-results')).toBeVisible();
  await map.expectStill();
  expect((await map.view()).center).toEqual(before.center);
  // Chosen with the arrows, it goes.
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  await expect(page.getByTestId('search-similar')).toHaveCount(0);
  await input.press('Enter');
  await expectCentreNear(map, 38.58, -121.49);
});

test("places in the map's view come first among equal matches: \"Paradise\" over northern California is California's", async ({ page }) => {
  await new AppPage(page).openReady({ view: [-121.6, 39.5, 7] });
  const input = page.getByTestId('search-input');
  await page.locator('body').press('Control+k');
  await input.fill('Paradise');
  // Without the view, the larger Paradise (Nevada) comes first.
  await expect(page.getByTestId('search-result').first()).toContainText('California');
});

test('"/" opens the search; arrows choose; "Kyiv" flies to Kyiv', async ({ page }) => {
  const map = await openApp(page);
  await page.locator('body').press('/');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  // The "/" that opened the box is not typed into it.
  await expect(input).toHaveValue('');

  await input.fill('Kyiv');
  const results = page.getByTestId('search-result');
  await expect(results.first()).toContainText('Kyiv');
  await expect(results.first()).toContainText('Ukraine');
  // Down and up again comes back to the first result.
  if ((await results.count()) > 1) {
    await input.press('ArrowDown');
    await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
  }
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expectCentreNear(map, 50.45, 30.52, 0.1);
});

test('a typed position is one coordinates result that flies there; its pin leaves what is at the point in sight and to a click: a fire at "-19.1, 46.9" opens', async ({ page }) => {
  // A fire at the very point typed (in Madagascar's highlands: no other test's place).
  const FIRE = { latitude: -19.1, longitude: 46.9 };
  await ingestFires([{ ...FIRE, frp: 30 }]);
  const map = await openApp(page);
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await input.fill('-19.1, 46.9');
  const first = page.getByTestId('search-result').first();
  await expect(first).toHaveAttribute('data-kind', 'coordinates');
  await expect(first).toContainText('19.1');
  await first.click();
  await expectCentreNear(map, FIRE.latitude, FIRE.longitude, 0.01);
  // The pin stands over the point, named, its ring round the point (its foot a few pixels below it).
  const pin = page.getByTestId('search-pin');
  await expect(pin).toHaveAttribute('aria-label', /19\.1/);
  await map.expectStill();
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
  const point = await map.pagePoint(FIRE.longitude, FIRE.latitude);
  const box = (await pin.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - point.x)).toBeLessThan(3);
  expect(box.y + box.height - point.y).toBeGreaterThan(0);
  expect(box.y + box.height - point.y).toBeLessThan(10);
  // A click at the point is the map's: the fire's popup opens, and the pin stays.
  await page.mouse.click(point.x, point.y);
  await expect(map.popup()).toContainText('Fire');
  await expect(pin).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(map.popup()).toHaveCount(0);
  // A click on its head takes it away (where it is now: the map may have moved to show the popup whole).
  await map.expectStill();
  const now = (await pin.boundingBox())!;
  await page.mouse.click(now.x + now.width / 2, now.y + 12);
  await expect(pin).toHaveCount(0);
});

test('nothing found says so, with what can be typed, and offers no keys to choose with', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('Control+k');
  await page.getByTestId('search-input').fill('qqxqzzqxjv');
  await expect(page.getByTestId('search-empty')).toContainText('Nothing found');
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  await expect(page.getByTestId('search-keys')).toHaveText('Esc close');
  // Two numbers no reading makes a position of: what is wrong with them, not the advice to type “lat, lon”.
  await page.getByTestId('search-input').fill('95, 200');
  await expect(page.getByTestId('search-empty')).toHaveText('Nothing found for “95, 200”. No position on Earth: latitude runs from −90 to 90 and longitude from −180 to 180.');
  await page.getByTestId('search-input').fill('Sacramento');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expect(page.getByTestId('search-keys')).toHaveText('↑↓ choose · Enter go · Esc close');
});

test('an aircraft found by its callsign: Enter flies there and opens its popup, as a click on it would', async ({ page }) => {
  // Patagonia, away from the other tests' places.
  const plane = { icao24: 'f1d3e7', callsign: 'FINDME7', longitude: -71.3, latitude: -41.1, trackDeg: 45, firefighting: false };
  await placeAircraft(plane);
  const map = await openApp(page);
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await input.fill('FINDME7');
  const first = page.getByTestId('search-result').first();
  await expect(first).toHaveAttribute('data-kind', 'aircraft');
  await input.press('Enter');
  await expectCentreNear(map, plane.latitude, plane.longitude, 0.01);
  await expect(map.popup()).toContainText(plane.callsign, { timeout: 15_000 });

  // Escape closes it, as it closes a popup opened by a click.
  await page.keyboard.press('Escape');
  await expect(map.popup()).toHaveCount(0);
});

test('Enter pressed before the answer comes goes to the first result once it does', async ({ page }) => {
  const map = await openApp(page);
  // Every search answers half a second late: Enter lands while the box is still asking.
  await page.route('**/api/search?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue().catch(() => undefined);
  });
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await input.pressSequentially('Fresno', { delay: 20 });
  await input.press('Enter');
  await expectCentreNear(map, 36.75, -119.77, 0.1);
  await expect(page.getByTestId('search-results')).toHaveCount(0);
});

test('for the keyboard and a screen reader: the chosen row stays in sight, the answer is told, Escape hands the focus to the map', async ({ page }) => {
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await input.focus();
  await input.fill('San');
  const rows = page.getByTestId('search-result');
  await expect.poll(() => rows.count()).toBeGreaterThan(8);
  const count = await rows.count();
  await expect(page.getByTestId('search-status')).toHaveText(`${count} results: ↑↓ to choose, Enter to go.`);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // The last row, chosen with the arrows (the panel shows about eight): scrolled into the panel's sight.
  for (let step = 1; step < count; step += 1) await input.press('ArrowDown');
  const last = rows.nth(count - 1);
  await expect(last).toHaveAttribute('aria-selected', 'true');
  const inSight = async () => {
    const [row, panel] = await Promise.all([last.boundingBox(), page.getByTestId('search-results').boundingBox()]);
    return row !== null && panel !== null && row.y >= panel.y - 1 && row.y + row.height <= panel.y + panel.height + 1;
  };
  await expect.poll(inSight).toBe(true);

  // Nothing found: said, and the box does not claim a list it has not.
  await input.fill('Qxzqxzqv');
  await expect(page.getByTestId('search-status')).toHaveText('Nothing found for “Qxzqxzqv”.');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(await input.getAttribute('aria-controls')).toBeNull();
  await input.press('Escape');
  await expect(map.canvas).toBeFocused();
});

test('a small country found by name is fitted no closer than the offline map draws: San Marino at zoom 10', async ({ page }) => {
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await input.fill('San Marino');
  const country = page.getByTestId('search-result').filter({ hasText: 'Country' }).first();
  await expect(country).toContainText('San Marino');
  await country.click();
  await expectCentreNear(map, 43.94, 12.46, 0.2);
  await map.expectStill(10_000);
  expect((await map.view()).zoom).toBeLessThanOrEqual(10.01);
  await expect(page.getByTestId('offline-detail-note')).toHaveCount(0);
});

type Clip = { x: number; y: number; width: number; height: number };

/** What the page's browser decodes a PNG with (the tests are typed without the DOM's library). */
interface PixelApi {
  Image: new () => { src: string; decode(): Promise<void> };
  OffscreenCanvas: new (width: number, height: number) => {
    getContext(kind: '2d'): { drawImage(image: unknown, ...area: number[]): void; getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } } | null;
  };
}

/**
 * The mean difference of the colour channels of two screenshots of the page (PNG) within `clip`, decoded by the page's
 * browser. Whole screenshots: one of a clip alone is drawn afresh, and did not show what the page did.
 */
function meanDifference(page: Page, before: Buffer, after: Buffer, clip: Clip): Promise<number> {
  return page.evaluate(async ([a, b, area]) => {
    const { x, y, width, height } = area as Clip;
    const { Image, OffscreenCanvas } = globalThis as unknown as PixelApi;
    const pixels = async (base64: string) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.drawImage(image, x, y, width, height, 0, 0, width, height);
      return context.getImageData(0, 0, width, height).data;
    };
    const [one, two] = await Promise.all([pixels(a as string), pixels(b as string)]);
    let sum = 0;
    for (let index = 0; index < one.length; index += 4) sum += Math.abs(one[index]! - two[index]!) + Math.abs(one[index + 1]! - two[index + 1]!) + Math.abs(one[index + 2]! - two[index + 2]!);
    return sum / ((one.length / 4) * 3);
  }, [before.toString('base64'), after.toString('base64'), clip] as const);
}

test('a long result list that scrolls leaves the map beneath it drawn (Chromium left it black under an opaque scroller: 1440×900)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const map = await openApp(page);
  const input = page.getByTestId('search-input');
  await input.fill('San');
  const panel = page.getByTestId('search-results');
  await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThanOrEqual(10);
  // The list is longer than its box: it scrolls.
  const scrolls = await panel.evaluate((element) => {
    const list = element as unknown as { scrollHeight: number; clientHeight: number };
    return list.scrollHeight > list.clientHeight;
  });
  expect(scrolls).toBe(true);
  const box = (await panel.boundingBox())!;
  const canvas = (await map.canvas.boundingBox())!;
  // The map right under the list, across its width.
  const top = Math.ceil(box.y + box.height + 8);
  const clip = { x: Math.ceil(box.x), y: top, width: Math.floor(box.width), height: Math.min(150, Math.floor(canvas.y + canvas.height - top - 60)) };
  expect(clip.height).toBeGreaterThan(50);
  await map.expectStill();
  const open = await page.screenshot();
  await input.press('Escape');
  await expect(panel).toHaveCount(0);
  await map.expectStill();
  const closed = await page.screenshot();
  expect(await meanDifference(page, open, closed, clip)).toBeLessThan(2);
});
