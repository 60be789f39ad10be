// An aircraft's trail is drawn behind it, and its popup says how far it is from the fire it is paired with, and since
// when they are paired.
import { type Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { apiGet, ingestFires } from './support/api-helpers.js';
import { placeAircraft } from './support/aircraft-fixture.js';
import { placeTrail } from './support/aircraft-trail-fixture.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { holdNextRead, viewsRead } from './support/held-read.js';

// Patagonia, away from the other tests' places.
const PLANE = { icao24: 'c4a1f0', callsign: 'TANKER44', longitude: -71.0, latitude: -41.0, trackDeg: 90, firefighting: true };
const TRAIL_START: [number, number] = [-71.3, -41.1];
const FIRE = { longitude: -70.9, latitude: -41.0 };

const renderedKinds = (page: Page) =>
  page.evaluate(() => {
    const hook = (globalThis as unknown as { __vantage: { renderedProperties(key: string): Array<Record<string, unknown>> } }).__vantage;
    return hook.renderedProperties('aircraft').map((props) => ({ kind: props.kind, icao24: props.icao24 }));
  });

test('an aircraft is drawn with its trail behind it; its popup gives the distance to the fire and since when', async ({ page }) => {
  await placeAircraft(PLANE);
  await placeTrail(PLANE.icao24, TRAIL_START, [PLANE.longitude, PLANE.latitude], 20);
  await ingestFires([{ ...FIRE }]);

  // Paired by the server once the fire is in (GET /api/correlations): the page then opens on the pair.
  await expect
    .poll(async () => (await apiGet<Array<{ icao24: string }>>('/api/correlations')).some((pair) => pair.icao24 === PLANE.icao24), { timeout: 20_000 })
    .toBe(true);

  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [-71.1, -41.03, 9] });
  await expect.poll(() => hud.counterValue('aircraft')).toBe(1);
  // The trails layer holds this aircraft's line, and it is drawn where the aircraft was ten minutes ago.
  await expect.poll(async () => (await renderedKinds(page)).some((f) => f.kind === 'aircraft-trail' && f.icao24 === PLANE.icao24)).toBe(true);
  const middle: [number, number] = [(TRAIL_START[0] + PLANE.longitude) / 2, (TRAIL_START[1] + PLANE.latitude) / 2];
  await expect.poll(() => map.featuresNear('aircraft', middle[0], middle[1])).toBeGreaterThan(0);
  // The pairing line, from the aircraft to the fire.
  await expect.poll(() => map.featuresNear('aircraft', (PLANE.longitude + FIRE.longitude) / 2, PLANE.latitude)).toBeGreaterThan(0);

  const point = await map.pagePoint(PLANE.longitude, PLANE.latitude);
  await page.mouse.click(point.x, point.y);
  const popup = page.locator('.vantage-popup');
  await expect(popup).toContainText(PLANE.callsign);
  // 0.1° of longitude at 41° S is about 8.4 km (5.2 miles).
  await expect(popup).toContainText(/8\.\d km \(5\.\d mi\) from a fire/);
  await expect(popup).toContainText('Paired since');
});

test('a pair announced live while the aircraft are being read keeps its line when the read answers', async ({ page }) => {
  // Sudan, a place no other test uses.
  const plane = { icao24: 'c4a1f1', callsign: 'TANKER45', longitude: 31.5, latitude: 13.5, trackDeg: 90, firefighting: true };
  const fire = { longitude: 31.6, latitude: 13.5 };
  await placeAircraft(plane);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [31.55, 13.5, 9] });
  const readsBefore = await viewsRead(page);
  const midway = () => map.featuresNear('aircraft', (plane.longitude + fire.longitude) / 2, plane.latitude);

  // The next read of the pairs gets the server's answer of when it asked, handed to the page only after the pair has
  // come live: the read was on its way when the fire was stored and paired.
  const pairsRead = await holdNextRead(page, (url) => url.pathname === '/api/correlations');
  // Closer in (zoom 10), the line's middle lies well away from the aircraft and the fire.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await pairsRead.asked;
  await map.expectStill();
  expect(await midway()).toBe(0);
  await ingestFires([fire]);
  await expect.poll(midway, { message: 'the pairing line comes live', timeout: 20_000 }).toBeGreaterThan(0);

  pairsRead.release();
  await expect.poll(() => viewsRead(page), { message: 'the view is read' }).toBeGreaterThan(readsBefore);
  await map.expectStill();
  for (let look = 0; look < 5; look += 1) {
    expect(await midway(), 'the pairing line is still drawn').toBeGreaterThan(0);
    await page.waitForTimeout(200);
  }
});

test('an open aircraft popup follows the aircraft to where the next read has it, with its new position', async ({ page }) => {
  // The Kazakh steppe, a place no other test uses.
  const plane = { icao24: 'c4a1f9', callsign: 'TANKER49', longitude: 66.0, latitude: 48.0, trackDeg: 90, firefighting: true };
  await placeAircraft(plane);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [66.1, 48.0, 9] });
  await expect.poll(() => map.featuresNear('aircraft', plane.longitude, plane.latitude)).toBeGreaterThan(0);
  await map.clickAt(plane.longitude, plane.latitude);
  const popup = map.popup();
  await expect(popup).toContainText(plane.callsign);
  // (Picked from the drawn tile, its place is to about 3 m: 47.99997, 66.00002.)
  await expect(popup.getByTestId('popup-footer')).toContainText(/^(47\.9999\d|48\.0000\d), (65\.9999\d|66\.0000\d)/);

  // It flew on; the next read of the view (here, after the wheel zooms out and in) has it further east. The analyst
  // is meanwhile in the search box: the popup's new words leave the keys there.
  const search = page.getByTestId('search-input');
  await search.focus();
  await placeAircraft({ ...plane, longitude: 66.2 });
  const middle = await map.pagePoint(66.1, 48.0);
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.wheel(0, 400);
  await map.expectStill();
  await page.mouse.wheel(0, -400);
  await expect(popup.getByTestId('popup-footer')).toContainText(/^(47\.9999\d|48\.0000\d), (66\.1999\d|66\.2000\d)/, { timeout: 20_000 });
  await expect(popup).toContainText(plane.callsign);
  await expect(search).toBeFocused();
  // The popup's tip is at the aircraft's new place.
  await map.expectStill();
  const tip = await popup.locator('.maplibregl-popup-tip').boundingBox();
  const there = await map.pagePoint(66.2, 48.0);
  expect(Math.abs(tip!.x + tip!.width / 2 - there.x)).toBeLessThan(4);
});
