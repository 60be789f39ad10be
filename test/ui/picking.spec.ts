// Picking what is under the cursor: a click over several objects lists them all (the objects before the alert raised
// about them, the geofence's area left out), choosing one opens its popup (which leads back to the list), Escape
// closes it. The alert ring lies beneath the fire: the fire is what a click finds first.
import { expect, test } from './support/ui-test.js';
import { createGeofence, ingestFires } from './support/api-helpers.js';
import { placeAircraft } from './support/aircraft-fixture.js';
import { placeCamera } from './support/camera-fixture.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';

// Chubut, Argentina: away from the other tests' places.
const SPOT = { longitude: -70.52, latitude: -45.21 };
const PLANE = { icao24: 'e0a1b2', callsign: 'HIDRO7', longitude: SPOT.longitude, latitude: SPOT.latitude, trackDeg: 45, firefighting: true };

test.beforeAll(async () => {
  await createGeofence('Chubut watch', [SPOT.longitude, SPOT.latitude], 0.2);
  await ingestFires([{ ...SPOT, frp: 41.5 }]);
});

test('a click over a fire, an aircraft and an alert lists them all; Escape closes the popup; alerts follow the playback cursor', async ({ page }) => {
  await placeAircraft(PLANE);
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [SPOT.longitude, SPOT.latitude, 10] });
  await expect.poll(() => map.featuresNear('alerts', SPOT.longitude, SPOT.latitude), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => map.featuresNear('aircraft', SPOT.longitude, SPOT.latitude)).toBeGreaterThan(0);
  await map.expectFireDrawnNear(SPOT.longitude, SPOT.latitude);

  const point = await map.pagePoint(SPOT.longitude, SPOT.latitude);
  await page.mouse.click(point.x, point.y);
  const list = page.getByTestId('pick-list');
  await expect(list).toBeVisible();
  const kinds = await Promise.all((await list.locator('button').all()).map((button) => button.getAttribute('data-kind')));
  // The objects first, the alert about them after; the geofence's area is not an object under the cursor.
  expect(kinds).toEqual(['aircraft', 'fire', 'alert']);
  await expect(list).toContainText('3 objects here: 1 aircraft, 1 fire detection, 1 alert');
  await expect(list).toContainText('Aircraft HIDRO7 (firefighting)');

  await list.getByRole('button', { name: /^Fire detection/ }).click();
  const popup = page.locator('.vantage-popup');
  await expect(popup).toContainText('41.5 MW');
  await expect(page.getByTestId('pick-list')).toHaveCount(0);
  // Its popup leads back to the list, the fire marked there.
  await popup.getByTestId('pick-back').click();
  await expect(list).toContainText('3 objects here');
  await expect(list.locator('button.pick-seen')).toHaveText(/^Fire detection/);
  await list.getByRole('button', { name: /^Fire detection/ }).click();
  await expect(page.getByTestId('pick-list')).toHaveCount(0);
  await expect(popup.getByTestId('pick-back')).toBeVisible();
  await expect(popup).toContainText('41.5 MW');

  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  // Alerts follow the playback cursor: hours back, this one (raised just now) is not there yet, on the map or in
  // the HUD; live, it is back.
  const hud = new HudPage(page);
  const alertsNow = (await hud.counterValue('alerts'))!;
  expect(alertsNow).toBeGreaterThan(0);
  // The Layers tab counts the alerts in view the map draws: the one here, now; none hours back (it said now's).
  const layerCount = async () => Number(await page.getByTestId('layer-count-alerts').getAttribute('data-value'));
  await expect.poll(layerCount).toBeGreaterThan(0);
  const playback = new PlaybackPage(page);
  await playback.dragTo(0.1);
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect.poll(() => map.featuresNear('alerts', SPOT.longitude, SPOT.latitude)).toBe(0);
  await expect.poll(() => hud.counterValue('alerts')).toBeLessThan(alertsNow);
  await expect.poll(layerCount).toBe(0);
  await playback.goLive();
  await expect.poll(() => map.featuresNear('alerts', SPOT.longitude, SPOT.latitude)).toBeGreaterThan(0);
  await expect.poll(() => hud.counterValue('alerts')).toBe(alertsNow);
  await expect.poll(layerCount).toBeGreaterThan(0);
});

test('from the keyboard: the map focused shows a cross at its centre; Enter picks what lies under it, arrows move it away', async ({ page }) => {
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [SPOT.longitude, SPOT.latitude, 10] });
  await map.expectFireDrawnNear(SPOT.longitude, SPOT.latitude);
  const cross = page.getByTestId('keyboard-cross');
  await expect(cross).toBeHidden();
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.focus();
  await expect(canvas).toHaveAttribute('aria-label', /Enter picks or places a point at the centre cross/);
  // A key on the map shows the cross (Shift: one that moves nothing).
  await page.keyboard.press('Shift');
  await expect(cross).toBeVisible();
  await page.keyboard.press('Enter');
  // What a click at the centre lists: the fire there (and the alert about it, an aircraft if one is still near).
  const list = page.getByTestId('pick-list');
  await expect(list).toBeVisible();
  await expect(list.getByRole('button', { name: /^Fire detection/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  // Moved off the fire by the arrows (MapLibre's 100 px a press), Enter opens what lies under the cross there: the
  // geofence around the fire.
  await canvas.focus();
  for (let press = 0; press < 2; press += 1) await page.keyboard.press('ArrowLeft');
  await map.expectStill();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(page.locator('.vantage-popup')).toContainText('Geofence: Chubut watch');
  // A press of the mouse on the map puts the cross away.
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + box.height - 20);
  await expect(cross).toBeHidden();
});

test('from the keyboard, a popup opened at the cross has the focus on its first choice: the arrows move through its list, Enter opens one, Escape gives the map back', async ({ page }) => {
  // South Georgia, which no other test uses: two detections within a pixel of each other at zoom 10.
  const spot = { longitude: -36.5, latitude: -54.3 };
  await ingestFires([0, 1].map((index) => ({ longitude: spot.longitude + index * 0.0002, latitude: spot.latitude, frp: 20 + index })));
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [spot.longitude + 0.0001, spot.latitude, 10] });
  await map.expectFireDrawnNear(spot.longitude, spot.latitude);
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('pick-list');
  const choices = list.getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(choices.nth(1)).toBeFocused();
  // Round the end, and back.
  await page.keyboard.press('ArrowDown');
  await expect(choices.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(choices.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  const popup = page.locator('.vantage-popup');
  await expect(popup).toContainText(/Fire detection/);
  // The focus on its first control: the line back to the list, where Enter takes it back to the one it opened.
  const back = popup.getByTestId('pick-back');
  await expect(back).toHaveText('‹ All 2 fire detections here');
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(1)).toBeFocused();
  await expect(choices.nth(1)).toHaveClass(/pick-seen/);
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(back).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(canvas).toBeFocused();
});

test('a click on a fire inside a watched area opens the fire, its alert named in it (not a list of the fire and its own ring)', async ({ page }) => {
  // East Falkland, a place no other test uses.
  const spot = { longitude: -58.9, latitude: -51.75 };
  await createGeofence('Falklands watch', [spot.longitude, spot.latitude], 0.2);
  await ingestFires([{ ...spot, frp: 17.5 }]);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [spot.longitude, spot.latitude, 10] });
  await expect.poll(() => map.featuresNear('alerts', spot.longitude, spot.latitude), { timeout: 20_000 }).toBeGreaterThan(0);
  await map.expectFireDrawnNear(spot.longitude, spot.latitude);
  await map.clickAt(spot.longitude, spot.latitude);
  const popup = page.locator('.vantage-popup');
  await expect(popup).toContainText('17.5 MW');
  await expect(page.getByTestId('pick-list')).toHaveCount(0);
  // No camera near: one quiet line, not a heading over a note.
  await expect(popup.getByTestId('popup-nearby-cameras')).toHaveText(/^Cameras nearby: none (within 20 miles\.|on the map yet \(the Sources tab sets up camera directories\)\.)$/);
  await expect(popup.getByTestId('popup-nearby-cameras').locator('h4')).toHaveCount(0);
  const alerts = page.getByTestId('popup-alerts');
  await expect(alerts).toContainText('Alert: inside “Falklands watch”');
  // The alert's own popup, a click away.
  await alerts.getByRole('button').first().click();
  await expect(popup).toContainText('Falklands watch');
  await expect(popup).toContainText('Raised');
});

test('a click on the geofence alone opens the geofence', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [SPOT.longitude, SPOT.latitude, 10] });
  await expect.poll(() => map.featuresNear('geofences', SPOT.longitude + 0.1, SPOT.latitude + 0.1), { timeout: 20_000 }).toBeGreaterThan(0);
  const point = await map.pagePoint(SPOT.longitude + 0.1, SPOT.latitude + 0.1);
  await page.mouse.click(point.x, point.y);
  await expect(page.locator('.vantage-popup')).toContainText('Geofence: Chubut watch');
});

test('a click over thirty detections are thirty in the Layers tab, and listed in a popup that stays on the map and scrolls, each with its minute', async ({ page }) => {
  // Santa Cruz, Argentina: a place of its own. Thirty detections within a pixel of each other at zoom 10.
  const cluster = { longitude: -67.91, latitude: -49.31 };
  await ingestFires(Array.from({ length: 30 }, (_, index) => ({ longitude: cluster.longitude + (index % 6) * 0.0002, latitude: cluster.latitude + Math.floor(index / 6) * 0.0002, frp: 10 + index })));
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [cluster.longitude, cluster.latitude, 10] });
  await map.expectFireDrawnNear(cluster.longitude, cluster.latitude);
  // Thirty detections of one minute and place, each of its own power: thirty fires in the Layers tab, as in the HUD.
  await map.openLayersTab();
  await expect(map.count('fires')).toHaveAttribute('data-value', '30');
  const point = await map.pagePoint(cluster.longitude + 0.0005, cluster.latitude + 0.0004);
  await page.mouse.click(point.x, point.y);
  const list = page.getByTestId('pick-list');
  await expect(list).toContainText('30 fire detections here');
  // A detection whose live event reached the page after it opened is "New" (ringed on the map): under load that can
  // be any of the thirty, the ingest's events being stored and sent on while the page loads.
  await expect(list.locator('li button').first()).toHaveText(/^(New fire|Fire) detection · (Suomi NPP \(N\)|NOAA-20 \(N20\)|NOAA-21 \(N21\)|Terra|Aqua) · \d+\.\d MW · \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC$/);
  // The whole popup lies inside the map, between the HUD's bar and the playback bar.
  const popup = (await page.locator('.vantage-popup').boundingBox())!;
  const mapBox = (await page.locator('.maplibregl-canvas').boundingBox())!;
  expect(popup.y).toBeGreaterThanOrEqual(mapBox.y);
  expect(popup.y + popup.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
  // The last one is reached by scrolling the list, and opens.
  const last = list.locator('li button').last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(page.locator('.vantage-popup')).toContainText(/[Ff]ire detection/);
  await expect(page.getByTestId('pick-list')).toHaveCount(0);
});

test('on a computer in California, the list gives each detection\'s minute in UTC and on the wall clock, as its popup does', async ({ browser }) => {
  // The Kerguelen Islands: a place of their own. Two detections within a pixel of each other at zoom 10.
  const spot = { longitude: 69.35, latitude: -49.35 };
  await ingestFires([0, 1].map((index) => ({ longitude: spot.longitude + index * 0.0002, latitude: spot.latitude, frp: 20 + index })));
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: [spot.longitude, spot.latitude, 10] });
    await map.expectFireDrawnNear(spot.longitude, spot.latitude);
    const point = await map.pagePoint(spot.longitude + 0.0001, spot.latitude);
    await page.mouse.click(point.x, point.y);
    const list = page.getByTestId('pick-list');
    await expect(list).toContainText('2 fire detections here');
    await expect(list.locator('li button').first()).toHaveText(/ · \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC · \d{1,2} [A-Z][a-z]{2} \d\d:\d\d (AM|PM) P[SD]T$/);
  } finally {
    await context.close();
  }
});

test("a fire's popup that grows once its nearby cameras are read is panned clear of the search box", async ({ page }) => {
  // Heard Island, a place no other test uses: a fire with six cameras 4–11 miles east of it, whose list the popup
  // shows once the API answers (it opens with "Cameras nearby…").
  const fire = { longitude: 73.5, latitude: -53.1 };
  for (let index = 0; index < 6; index += 1) {
    await placeCamera({ title: `Atlas Cove road ${index} (ui test)`, longitude: fire.longitude + 0.1 + index * 0.04, latitude: fire.latitude, city: 'Atlas Cove', country: 'Heard Island' });
  }
  await ingestFires([{ ...fire, confidence: 'h', frp: 30 }]);
  // The cameras' answer is held until released: the popup is measured before and after it grows. `release` waits
  // for the request to be held (the route's handler runs a moment after the popup asks).
  const nextHold = () => {
    let hold = (_release: () => void) => {};
    const promise = new Promise<() => void>((resolve) => (hold = resolve));
    return { promise, hold: (release: () => void) => hold(release) };
  };
  let held = nextHold();
  await page.route('**/api/cameras/near?**', async (route) => {
    await new Promise<void>((answer) => held.hold(answer));
    await route.continue();
  });
  const release = async () => {
    (await held.promise)();
    held = nextHold();
  };
  const app = new AppPage(page);
  const map = new MapPage(page);
  const popup = map.popup();
  const searchBottom = async () => {
    const box = (await page.getByTestId('search-box').boundingBox())!;
    return box.y + box.height;
  };
  const openAt = async (view: [number, number, number]) => {
    await app.openReady({ view });
    await map.expectFireDrawnNear(fire.longitude, fire.latitude);
    await map.clickAt(fire.longitude, fire.latitude);
    await expect(popup.getByTestId('popup-nearby-cameras').locator('h4')).toHaveText('Cameras nearby…');
    await map.expectStill();
  };

  // Opened at the map's centre: its height before and after the list comes.
  await openAt([fire.longitude, fire.latitude, 10]);
  const before = (await popup.boundingBox())!.height;
  await release();
  await expect(popup.getByTestId('popup-nearby-cameras').locator('h4')).toHaveText('Cameras nearby (6)');
  const grownBy = (await popup.boundingBox())!.height - before;
  expect(grownBy, 'the list of cameras makes the popup taller than the room left above it').toBeGreaterThan(50);

  // Again with the fire low enough that the popup opens clear of the search box, by 30 px, and its list would take
  // its top under the box: the map is moved down as it grows.
  const canvas = (await map.canvas.boundingBox())!;
  const fireY = (await searchBottom()) + before + 30;
  // Pixels per degree of latitude at zoom 10 there (Web Mercator, MapLibre's 512 px world at zoom 0): the view's centre
  // is put that far from the fire.
  const pixelsPerDegree = (512 * 2 ** 10) / 360 / Math.cos((fire.latitude * Math.PI) / 180);
  const centreLatitude = fire.latitude - (canvas.y + canvas.height / 2 - fireY) / pixelsPerDegree;
  await openAt([fire.longitude, Number(centreLatitude.toFixed(6)), 10]);
  const opened = (await popup.boundingBox())!;
  expect(opened.y, 'opened clear of the search box, unmoved').toBeGreaterThanOrEqual(await searchBottom());
  await release();
  await expect(popup.getByTestId('popup-nearby-cameras').locator('h4')).toHaveText('Cameras nearby (6)');
  await map.expectStill();
  const grown = (await popup.boundingBox())!;
  expect(grown.height).toBeGreaterThan(opened.height + 50);
  expect(grown.y, 'its top clear of the search box once grown').toBeGreaterThanOrEqual(await searchBottom());
});

test('a click on many fire detections sums them up above their list, and "Zoom in on them" takes the map closer where they come apart', async ({ page }) => {
  // Angola's plateau: no other test's place. Twelve passes over one spot, a few hundred metres apart.
  const CLUSTER = { longitude: 17.52, latitude: -12.48 };
  await ingestFires(
    Array.from({ length: 12 }, (_, index) => ({
      longitude: CLUSTER.longitude + index * 0.001,
      latitude: CLUSTER.latitude,
      frp: 10 + index,
      minutesAgo: 10 + index * 30,
      satellite: index % 3 === 0 ? 'Terra' : 'N20',
    })),
  );
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [CLUSTER.longitude, CLUSTER.latitude, 6] });
  await map.expectFireDrawnNear(CLUSTER.longitude, CLUSTER.latitude);
  await map.expectStill();
  await map.clickAt(CLUSTER.longitude + 0.005, CLUSTER.latitude);
  const list = page.getByTestId('pick-list');
  await expect(list.locator('h3')).toHaveText('12 fire detections here');
  const summary = page.getByTestId('pick-summary');
  await expect(summary).toContainText(/Detected \d+ \w{3} \d\d:\d\d UTC – \d+ \w{3} \d\d:\d\d UTC/);
  await expect(summary).toContainText('Strongest 21.0 MW');
  await expect(summary).toContainText('8 by NOAA-20 (N20), 4 by Terra');
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await page.getByTestId('pick-zoom-in').click();
  await expect(map.popup()).toHaveCount(0);
  await map.expectStill();
  const { center, zoom } = await map.view();
  expect(zoom).toBeCloseTo(9, 1);
  expect(center[0]).toBeCloseTo(CLUSTER.longitude + 0.005, 1);
});

test('many detections of one spot are summed up without "Zoom in on them", which would not part them', async ({ page }) => {
  // Arnhem Land, in Australia's north: no other test's place. Ten passes over one FIRMS pixel, at the same coordinates.
  const SPOT = { longitude: 134.5, latitude: -12.8 };
  await ingestFires(Array.from({ length: 10 }, (_, index) => ({ ...SPOT, frp: 5 + index, minutesAgo: 20 + index * 40 })));
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [SPOT.longitude, SPOT.latitude, 9] });
  await map.expectFireDrawnNear(SPOT.longitude, SPOT.latitude);
  await map.expectStill();
  await map.clickAt(SPOT.longitude, SPOT.latitude);
  await expect(page.getByTestId('pick-list').locator('h3')).toHaveText('10 fire detections here');
  await expect(page.getByTestId('pick-summary')).toContainText('All by NOAA-20 (N20)');
  await expect(page.getByTestId('pick-zoom-in')).toHaveCount(0);
});
