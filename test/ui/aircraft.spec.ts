// A firefighting aircraft is drawn (canvas-drawn icon), and a fire ingested within 20 miles gets a
// line to it as soon as the server pairs them.
import { expect, test } from './support/ui-test.js';
import { ingestFires } from './support/api-helpers.js';
import { placeAircraft } from './support/aircraft-fixture.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';

// New South Wales, away from the other tests' places.
const PLANE = { icao24: 'a1b2c3', callsign: 'BOMBER21', longitude: 150.5, latitude: -33.5, trackDeg: 90, firefighting: true };
const FIRE = { longitude: 150.62, latitude: -33.5 };

test('a firefighting aircraft is drawn, with a line to the fire it is working', async ({ page }) => {
  await placeAircraft(PLANE);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [150.56, -33.5, 10] });
  await expect.poll(() => hud.counterValue('aircraft')).toBe(1);
  await expect.poll(() => map.featuresNear('aircraft', PLANE.longitude, PLANE.latitude)).toBeGreaterThan(0);

  await ingestFires([{ ...FIRE }]);
  // The midpoint lies on the line only (the plane and the fire are ~70 px away on either side).
  await expect.poll(() => map.featuresNear('aircraft', (PLANE.longitude + FIRE.longitude) / 2, PLANE.latitude), { timeout: 20_000 }).toBeGreaterThan(0);

  const point = await map.pagePoint(PLANE.longitude, PLANE.latitude);
  await page.mouse.click(point.x, point.y);
  const popup = page.locator('.vantage-popup');
  await expect(popup).toContainText(PLANE.callsign);
  await expect(popup).toContainText('ui test tanker');
});

test('the map credits the aircraft aggregator feeding it, as health names it', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  // The UI stack's aggregator is a closed loopback port: credited by its host (adsb.lol would read "© adsb.lol contributors (ODbL)").
  await expect(page.getByTestId('map-attribution')).toContainText('Aircraft: 127.0.0.1');
});

// Tasmania's west coast: no other test's aircraft.
const NEWCOMER = { icao24: 'c0ffee', callsign: 'SPOTTER7', longitude: 145.3, latitude: -42.2, trackDeg: 180, firefighting: false };

test('in playback the HUD and the Layers tab count the aircraft of the cursor\'s minute; Live counts now\'s again', async ({ page }) => {
  // First seen now: three hours ago it was nowhere.
  await placeAircraft(NEWCOMER);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady({ view: [NEWCOMER.longitude, NEWCOMER.latitude, 9] });
  await expect.poll(() => hud.counterValue('aircraft')).toBe(1);
  await expect(hud.counter('aircraft')).toContainText('Aircraft in view');

  await playback.dragTo(0.5);
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect.poll(() => map.featuresNear('aircraft', NEWCOMER.longitude, NEWCOMER.latitude)).toBe(0);
  await expect.poll(() => hud.counterValue('aircraft'), { message: 'the HUD counts the aircraft the map shows' }).toBe(0);
  await expect(map.count('aircraft')).toHaveAttribute('data-value', '0');

  await playback.goLive();
  await expect.poll(() => map.featuresNear('aircraft', NEWCOMER.longitude, NEWCOMER.latitude)).toBeGreaterThan(0);
  await expect.poll(() => hud.counterValue('aircraft')).toBe(1);
  await expect(map.count('aircraft')).toHaveAttribute('data-value', '1');
});
