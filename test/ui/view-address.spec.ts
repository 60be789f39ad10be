// The view in the address: panning and toggling write it (no token in it), a reload of the same tab reopens the same
// place and layers with the token it was opened with, and a new tab given the link alone asks for the token. The
// playback minute is in it too: a reload reopens playback there; a minute still to come opens live. A new launch
// (the token alone in the address) reopens where the last session on the origin was left.
import { type Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';
import { ingestFires } from './support/api-helpers.js';
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

test('a new launch, whose address names only the token, reopens where the last session was left: view and layers, live', async ({ page, context }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [-3.7, 40.4, 7] });
  await map.toggle('aircraft').click();
  await expect(map.toggle('aircraft')).toHaveAttribute('aria-pressed', 'false');
  const remembered = () => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('vantage.lastAddress'));
  await expect.poll(remembered).toMatch(/^#view=-3\.70000,40\.40000,7\.00&layers=fires,incidents,events,geofences,alerts,cameras$/);

  // The desktop app opens `<apiUrl>/#token=…` at each launch, on the same origin (its port is kept between starts).
  const next = await context.newPage();
  const reopened = new AppPage(next);
  await reopened.openReady();
  const view = await mapView(next);
  expect(view.center[0]).toBeCloseTo(-3.7, 3);
  expect(view.center[1]).toBeCloseTo(40.4, 3);
  expect(view.zoom).toBeCloseTo(7, 2);
  await expect(new MapPage(next).toggle('aircraft')).toHaveAttribute('aria-pressed', 'false');
  // Not the time zone's region: nothing says it opened there.
  await expect(next.getByTestId('home-note')).toHaveCount(0);
  await next.close();
});

// The Mongolian steppe, a place no other test uses.
const FIRE = { longitude: 103.8, latitude: 46.2 };
const FIRE_VIEW: [number, number, number] = [FIRE.longitude, FIRE.latitude, 8];
const atOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('at');

test('a reload reopens playback at the minute in the address: the bar, the map and the HUD; Live takes it out', async ({ page }) => {
  await ingestFires([{ ...FIRE, minutesAgo: 180 }]);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady({ view: FIRE_VIEW });
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
  await expect.poll(() => hud.counterValue('fires-view')).toBeGreaterThan(0);
  const liveCount = (await hud.counterValue('fires-view'))!;
  expect(atOf(page.url())).toBeNull();

  // Five and a half hours back on the 6 h range, before the fire (three hours ago) was seen.
  await playback.chooseRange(6);
  await playback.cursor.fill('30');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const minute = (await playback.minuteLabel().getAttribute('data-minute'))!;
  await expect.poll(() => atOf(page.url())).toBe(`${minute.slice(0, 16)}Z`);
  const label = await playback.minuteLabel().textContent();

  await page.reload();
  await app.waitForState('ready');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(playback.minuteLabel()).toHaveAttribute('data-minute', minute);
  await expect(playback.minuteLabel()).toHaveText(label!);
  // Reopened in the range of the Layers tab's window (24 h), which holds the minute.
  await expect(playback.root.getByRole('button', { name: '24 h', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The map and the HUD are at that minute: the fire is not drawn yet, nor counted.
  await expect.poll(() => map.playbackMinuteEpoch()).toBe(Date.parse(minute) / 1000 + 59);
  await expect.poll(() => map.firesNear(FIRE.longitude, FIRE.latitude)).toBe(0);
  await expect.poll(() => hud.counterValue('fires-view'), { message: 'the HUD counts the window before the minute' }).toBe(liveCount - 1);

  // Live: the minute leaves the address, and a reload opens live.
  await playback.goLive();
  await expect.poll(() => atOf(page.url())).toBeNull();
  await page.reload();
  await app.waitForState('ready');
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
});

test('a link to a minute still to come, or older than the timeline goes back (7 days), opens live, says so and drops it from the address', async ({ page }) => {
  const { apiUrl, token } = uiStack();
  const app = new AppPage(page);
  const playback = new PlaybackPage(page);
  for (const [at, why] of [
    [Date.now() + 2 * 3_600_000, /has not yet passed: showing now\.$/],
    [Date.now() - 8 * 24 * 3_600_000, /is further back than the timeline reaches \(7 days\): showing now\.$/],
  ] as const) {
    const fragment = new URLSearchParams({ token, view: FIRE_VIEW.join(','), at: `${new Date(at).toISOString().slice(0, 16)}Z` });
    // From a blank page: a new fragment on the same page would not load the app again.
    await page.goto('about:blank');
    await page.goto(`${apiUrl}/#${fragment.toString()}`);
    await app.waitForState('ready');
    await expect(playback.root).toHaveAttribute('data-mode', 'live');
    await expect(playback.minuteLabel()).toHaveText('Showing now');
    await expect(page.getByTestId('playback-link-note')).toHaveText(why);
    await expect.poll(() => atOf(page.url())).toBeNull();
    expect(new URL(page.url()).hash).toMatch(/^#view=103\.80000,46\.20000,8\.00$/);
  }
});

test('a link to another view given to an open tab (only the fragment changes) opens that view', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady({ view: [12.5, 41.9, 6] });
  const url = new URL(page.url());
  // A colleague's link, pasted into this tab's address bar: Lisbon at zoom 7, the aircraft hidden.
  await page.evaluate((next) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = next;
  }, '#view=-9.14000,38.72000,7.00&layers=fires,incidents,events,geofences,alerts,cameras');
  await app.waitForState('ready');
  await expect.poll(async () => (await mapView(page)).center[0]).toBeCloseTo(-9.14, 2);
  const view = await mapView(page);
  expect(view.center[1]).toBeCloseTo(38.72, 2);
  expect(view.zoom).toBeCloseTo(7, 2);
  await expect(new MapPage(page).toggle('aircraft')).toHaveAttribute('aria-pressed', 'false');
  expect(new URL(page.url()).pathname).toBe(url.pathname);
});
