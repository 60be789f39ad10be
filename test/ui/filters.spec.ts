// The analyst's filters: the time window, confidence, FRP — the fires drawn, the HUD's count and the export all
// follow them, the address carries them, and a reload reopens them. The export's CSV holds what is counted, and the
// PNG is the map at its drawn size with its legend beside it.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { type Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { placeAircraft, placePair } from './support/aircraft-fixture.js';
import { createGeofence, ingestFires } from './support/api-helpers.js';
import { placeEvent } from './support/event-fixture.js';
import { placeIncident } from './support/incident-fixture.js';
import { PlaybackPage } from './pages/playback-page.js';

// Somewhere no other test puts fires (the Kalahari); zoom 8 draws them as points.
const AREA = { longitude: 23.5, latitude: -21.5 };
const VIEW: [number, number, number] = [AREA.longitude, AREA.latitude, 8];
const near = (dLon: number, dLat: number) => ({ longitude: AREA.longitude + dLon, latitude: AREA.latitude + dLat });
const FIRES = [
  { ...near(-0.2, 0.1), confidence: 'h', frp: 60, minutesAgo: 30 },
  { ...near(0.1, -0.1), confidence: 'n', frp: 12, minutesAgo: 90 },
  { ...near(0.2, 0.2), confidence: 'l', frp: 3, minutesAgo: 200 },
  // 30 h ago: in the last 72 h, not in the last 24 h.
  { ...near(-0.1, -0.2), confidence: 'h', frp: 25, minutesAgo: 30 * 60 },
];

async function firesInView(hud: HudPage, expected: number): Promise<void> {
  await expect.poll(() => hud.counterValue('fires-view'), { message: `the HUD counts ${expected}` }).toBe(expected);
}

async function downloaded(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  return { name: download.suggestedFilename(), body: await readFile((await download.path())!) };
}

test('the time window, confidence and FRP filter the map, the HUD and the export; the address keeps them', async ({ page }) => {
  test.setTimeout(90_000);
  expect((await ingestFires(FIRES)).stored).toBe(FIRES.length);
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: VIEW });
  await map.showMoreFilters();

  // The last 24 h: three of them, drawn and counted alike.
  await firesInView(hud, 3);
  await expect.poll(() => map.renderedFireCount()).toBe(3);
  // The alerts drawn are those of the map's window, and the legend says which.
  const alertsLegend = page.getByTestId('map-legend').locator('[data-legend-layer="alerts"]');
  await expect(alertsLegend).toContainText('inside a geofence (last 24 h)');

  // The timeline opens in the window's range, and follows the window when another is chosen, over a range the
  // analyst chose on it.
  const rangePressed = (hours: number) => page.getByTestId('playback').getByRole('button', { name: `${hours} h`, exact: true });
  await expect(rangePressed(24)).toHaveAttribute('aria-pressed', 'true');
  await new PlaybackPage(page).chooseRange(1);
  await page.getByTestId('filter-window-72h').click();
  // The 72 h window is played whole (it was played as its last 24 h, beside a HUD counting 72 h).
  await expect(rangePressed(72)).toHaveAttribute('aria-pressed', 'true');
  await firesInView(hud, 4);
  await expect.poll(() => map.renderedFireCount()).toBe(4);
  // The timeline's range holds the four, as the HUD counts them, and no filter narrows its fires yet.
  await expect(page.getByTestId('playback-total')).toHaveAttribute('data-value', '4');
  await expect(page.getByTestId('playback-total')).toHaveText(/^4 fire detections in 72 h in view$/);
  await expect(page.getByTestId('playback-total')).not.toContainText('filtered');
  // The counter says it counts the view, and its tooltip what else limits it.
  await expect(hud.counter('fires-view')).toContainText('Fires in view · last 72 h');
  await expect(hud.counter('fires-view')).toHaveAttribute('title', /inside the map's view.*filters/);
  await expect.poll(() => page.url()).toContain('filter=w:72h');
  await expect(alertsLegend).toContainText('inside a geofence (last 72 h)');

  // High confidence only: the fresh one and the one of 30 h ago.
  await page.getByTestId('filter-confidence-low').uncheck();
  await page.getByTestId('filter-confidence-nominal').uncheck();
  await firesInView(hud, 2);
  await expect.poll(() => map.renderedFireCount()).toBe(2);
  await expect(page.getByTestId('hud-filters')).toContainText('high confidence');
  // The timeline (the window's 72 h) counts the fires the filter leaves: the fresh one and the one of 30 h ago, as the HUD.
  await expect(page.getByTestId('playback-total')).toHaveAttribute('data-value', '2');
  await expect(page.getByTestId('playback-total')).toHaveText(/^2 fire detections in 72 h in view · fires filtered$/);
  await expect(page.getByTestId('playback-total')).toHaveAttribute('title', /the fires as the Layers tab’s filters leave them, the rest all\. /);

  // FRP ≥ 30 MW on top: the 60 MW one.
  await page.getByTestId('filter-min-frp').fill('30');
  await firesInView(hud, 1);
  await expect.poll(() => map.renderedFireCount()).toBe(1);

  // The CSV holds what the HUD counts: one fire, its values as stored.
  const csv = await downloaded(page, 'export-csv');
  // Its "Saved" line names the file and the one fire, and is scrolled into sight at the foot of the tab, under the legend.
  expect(csv.name).toMatch(/^vantage-.*\.csv$/);
  // In a browser (not the desktop app, which says the Downloads folder) the line names no folder: the browser chose it.
  await expect(page.getByTestId('export-message')).toHaveText(new RegExp(`^Saved ${csv.name.replace(/\./g, '\\.')}: 1 fire(, \\d+ aircraft)?(, \\d+ incidents?)?(, \\d+ (story or event|stories and events))?\\.$`));
  await expect(page.getByTestId('export-message')).toBeInViewport({ ratio: 1 });
  const rows = parse(csv.body, { columns: true, bom: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const fires = rows.filter((row) => row.layer === 'fires');
  expect(fires).toHaveLength(1);
  expect(Number(fires[0]!.frp_mw)).toBe(60);
  expect(fires[0]!.confidence_class).toBe('high');
  expect(Number(fires[0]!.latitude)).toBeCloseTo(FIRES[0]!.latitude, 4);

  // The picture: a PNG of the map at its drawn size.
  const png = await downloaded(page, 'export-png');
  expect(png.name).toMatch(/^vantage-map-\d{8}T\d{6}Z\.png$/);
  expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  const canvas = await map.canvas.evaluate((element) => {
    const { width, height } = element as unknown as { width: number; height: number };
    return [width, height];
  });
  // The map at its drawn size, a legend column beside it and a caption above it.
  const [pngWidth, pngHeight] = [png.body.readUInt32BE(16), png.body.readUInt32BE(20)];
  expect(pngWidth).toBe(canvas[0]! + 330);
  expect(pngHeight).toBeGreaterThan(canvas[1]!);

  // A reload reopens the same filters (once the address holds them: it is written at most every 400 ms).
  await expect.poll(() => page.url()).toContain('frp:30');
  await page.reload();
  await app.waitForState('ready');
  await firesInView(hud, 1);
  await map.openLayersTab();
  await expect(page.getByTestId('filter-window-72h')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('filter-min-frp')).toHaveValue('30');

  // Reset: back to the last 24 h, everything.
  await page.getByTestId('filter-reset').click();
  await firesInView(hud, 3);
  await expect.poll(() => map.renderedFireCount()).toBe(3);
  await expect(page.getByTestId('hud-filters')).toHaveCount(0);
  await expect(page.getByTestId('playback-total')).not.toContainText('filtered');
  await expect(page.getByTestId('playback-total')).toHaveAttribute('data-value', '3');
  await page.getByTestId('filter-window-6h').click();
  await expect(rangePressed(6)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('filter-window-1h').click();
  await expect(rangePressed(1)).toHaveAttribute('aria-pressed', 'true');
});

// The Okavango delta, away from the first test's fires; a geofence around part of it.
const DELTA = { longitude: 22.8, latitude: -19.3 };
const DELTA_VIEW: [number, number, number] = [DELTA.longitude, DELTA.latitude, 8];

test('satellites, firefighting aircraft only and a geofence narrow the fires, aircraft and events drawn and counted', async ({ page }) => {
  test.setTimeout(90_000);
  const fenceId = await createGeofence('Delta watch', [DELTA.longitude - 0.2, DELTA.latitude], 0.1);
  const inFence = { longitude: DELTA.longitude - 0.2, latitude: DELTA.latitude };
  expect(
    (
      await ingestFires([
        { ...inFence, satellite: 'N20', minutesAgo: 40 },
        { longitude: DELTA.longitude + 0.2, latitude: DELTA.latitude + 0.1, satellite: 'N', minutesAgo: 50 },
        { longitude: DELTA.longitude + 0.1, latitude: DELTA.latitude - 0.2, satellite: 'Aqua', confidence: '85', minutesAgo: 70 },
      ])
    ).stored,
  ).toBe(3);
  await placeAircraft({ icao24: 'f1f1f1', callsign: 'DELTAFF', longitude: DELTA.longitude, latitude: DELTA.latitude + 0.1, trackDeg: 90, firefighting: true });
  await placeAircraft({ icao24: 'f2f2f2', callsign: 'DELTAAIR', longitude: DELTA.longitude + 0.1, latitude: DELTA.latitude, trackDeg: 270, firefighting: false });
  // The tanker paired with the fire inside the fence (it flies outside it): a dashed line between them.
  await placePair('f1f1f1', 'fire', `N20/2026-11-20T00:00Z/${inFence.latitude},${inFence.longitude}`, 20_000);
  const pairMiddle = { longitude: (DELTA.longitude + inFence.longitude) / 2, latitude: (DELTA.latitude + 0.1 + inFence.latitude) / 2 };
  // A story placed inside the fence and a camera event outside it, on the events layer.
  const eventInFence = { longitude: DELTA.longitude - 0.23, latitude: DELTA.latitude + 0.04 };
  const eventOutside = { longitude: DELTA.longitude + 0.05, latitude: DELTA.latitude - 0.12 };
  await placeEvent({ sourceType: 'news', title: 'Delta story inside the fence', ...eventInFence });
  await placeEvent({ sourceType: 'camera', title: 'Delta camera outside the fence', ...eventOutside });

  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: DELTA_VIEW });
  await map.showMoreFilters();
  await firesInView(hud, 3);
  await expect.poll(() => hud.counterValue('aircraft')).toBe(2);
  await expect.poll(() => map.featuresNear('aircraft', pairMiddle.longitude, pairMiddle.latitude)).toBeGreaterThan(0);
  await expect.poll(() => map.featuresNear('events', eventInFence.longitude, eventInFence.latitude)).toBe(1);
  await expect.poll(() => map.featuresNear('events', eventOutside.longitude, eventOutside.latitude)).toBe(1);

  // Without Suomi NPP and Aqua: the NOAA-20 one.
  await page.getByTestId('filter-satellite-N').uncheck();
  await page.getByTestId('filter-satellite-Aqua').uncheck();
  await firesInView(hud, 1);
  await expect.poll(() => map.renderedFireCount()).toBe(1);
  // Three of five chosen: said by the two left out.
  await expect(page.getByTestId('hud-filters')).toContainText('every satellite but Suomi NPP and Aqua');

  // Every satellite again, then only inside the geofence: the one fire in it.
  await page.getByTestId('filter-reset').click();
  await firesInView(hud, 3);
  await page.getByTestId('filter-geofence').selectOption(fenceId);
  await firesInView(hud, 1);
  await expect.poll(() => map.renderedFireCount()).toBe(1);
  // The Layers tab counts what the map draws, as the HUD does.
  await expect(map.count('fires')).toHaveAttribute('data-value', '1');
  await expect.poll(() => map.firesNear(inFence.longitude, inFence.latitude)).toBeGreaterThan(0);
  // Neither aircraft flies inside the fence: the tanker's line to the fire inside goes with it.
  await expect.poll(() => hud.counterValue('aircraft')).toBe(0);
  await expect.poll(() => map.featuresNear('aircraft', pairMiddle.longitude, pairMiddle.latitude)).toBe(0);
  // The story inside the fence stays on the events layer; the camera event outside it leaves.
  await expect.poll(() => map.featuresNear('events', eventOutside.longitude, eventOutside.latitude)).toBe(0);
  await expect.poll(() => map.featuresNear('events', eventInFence.longitude, eventInFence.latitude)).toBe(1);

  // Firefighting aircraft only: the tanker stays, the other leaves the map and the count.
  await page.getByTestId('filter-reset').click();
  await page.getByTestId('filter-firefighting').check();
  await expect.poll(() => hud.counterValue('aircraft')).toBe(1);
  await expect.poll(() => map.featuresNear('aircraft', DELTA.longitude + 0.1, DELTA.latitude)).toBe(0);
  await expect.poll(() => map.featuresNear('aircraft', DELTA.longitude, DELTA.latitude + 0.1)).toBeGreaterThan(0);
  await expect.poll(() => page.url()).toContain('filter=ff');
});

test('Custom opens on the 24 h to the next whole hour: still running, so the map stays live and says how much of it has passed', async ({ page }) => {
  await new AppPage(page).openReady({ view: [-63.5, -17.8, 6] });
  const hud = new HudPage(page);
  await hud.counter('fires-view').waitFor();
  const clicked = Date.now();
  await page.getByTestId('filter-window-custom').click();
  const from = Date.parse(await page.getByTestId('filter-from').inputValue());
  const to = Date.parse(await page.getByTestId('filter-to').inputValue());
  // Whole hours of this computer's clock (UTC here), the end the next one to come.
  expect(to % (60 * 60_000)).toBe(0);
  expect(to - from).toBe(24 * 60 * 60_000);
  expect(to).toBeGreaterThan(clicked);
  expect(to - clicked).toBeLessThanOrEqual(60 * 60_000);
  const badge = page.getByTestId('live-state');
  await expect(badge).toHaveText('Live');
  await expect(badge).not.toHaveAttribute('data-past-window', 'true');
  await expect(hud.counter('fires-view')).toContainText(/chosen (23(\.\d)?|24) h so far/i);
});

test('in playback a chosen window is its length up to the cursor: its ends leave the HUD, and the Layers tab says so until Live', async ({ page }) => {
  const to = Date.UTC(2026, 10, 29, 12, 0);
  const from = to - 30 * 60 * 60_000;
  await new AppPage(page).openReady({ filter: `w:custom:${from}:${to}` });
  await new MapPage(page).showMoreFilters();
  const filters = page.getByTestId('hud-filters');
  await expect(filters).toContainText('29 Nov 12:00 UTC');
  await expect(page.getByTestId('filter-custom-playback')).toHaveCount(0);
  // A window that has ended is not live: the badge says so, and its title says why and what follows live data.
  const badge = page.getByTestId('live-state');
  await expect(badge).toHaveAttribute('data-past-window', 'true');
  await expect(badge).toHaveText('Past window');
  await expect(badge).toHaveAttribute('title', /^The map shows the chosen window, 28 Nov 06:00 UTC – 29 Nov 12:00 UTC: what arrives after its end is not drawn/);

  await page.getByTestId('playback-step-back').click();
  await expect(badge).toHaveText('Playback');
  await expect(page.getByTestId('hud-count-fires-view')).toContainText(/30 h to \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC/i);
  // The ends told another time beside a counter of the 30 h to the cursor.
  await expect(page.getByTestId('hud-filters')).toHaveCount(0);
  await expect(page.getByTestId('filter-custom-playback')).toHaveText('In playback the map shows the 30 h up to the cursor’s minute; Live returns to these ends.');

  await new PlaybackPage(page).goLive();
  await expect(filters).toContainText('29 Nov 12:00 UTC');
  await expect(page.getByTestId('filter-custom-playback')).toHaveCount(0);
  await expect(badge).toHaveText('Past window');
  // A preset window slides with now: live again.
  await page.getByTestId('filter-window-24h').click();
  await expect(badge).toHaveText('Live');
  await expect(badge).not.toHaveAttribute('data-past-window');
});

test('a chosen window says which clock its inputs read, with its ends in UTC; the last confidence level ticked cannot be unticked, and says why; a negative or too high FRP floor is said', async ({ browser }) => {
  // A browser context of its own in Los Angeles' time zone (the shared one is UTC).
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  try {
    const page = await context.newPage();
    const from = Date.UTC(2026, 10, 23, 8, 0);
    const to = Date.UTC(2026, 10, 25, 20, 0);
    await new AppPage(page).openReady({ filter: `w:custom:${from}:${to}` });
    await new MapPage(page).showMoreFilters();
    await expect(page.getByTestId('filter-from')).toHaveValue('2026-11-23T00:00');
    await expect(page.getByTestId('filter-zone')).toHaveText("In this computer's time (PST); in UTC 23 Nov 08:00 UTC – 25 Nov 20:00 UTC");

    // An end before the start stays in its box beside the reason, and the window in use stays; a valid end clears both.
    await page.getByTestId('filter-to').fill('2026-11-22T10:00');
    await expect(page.getByTestId('filter-to')).toHaveValue('2026-11-22T10:00');
    await expect(page.getByTestId('filter-window-error')).toHaveText('The start must be before the end.');
    expect(page.url()).toContain(`w:custom:${from}:${to}`);
    await page.getByTestId('filter-to').fill('2026-11-24T12:00');
    await expect(page.getByTestId('filter-window-error')).toHaveCount(0);
    await expect(page.getByTestId('filter-zone')).toHaveText("In this computer's time (PST); in UTC 23 Nov 08:00 UTC – 24 Nov 20:00 UTC");

    await page.getByTestId('filter-confidence-low').uncheck();
    await page.getByTestId('filter-confidence-nominal').uncheck();
    const high = page.getByTestId('filter-confidence-high');
    await expect(high).toBeChecked();
    await expect(high).toBeDisabled();
    await expect(high).toHaveAttribute('title', 'The last level shown stays on: tick another first');
    await page.getByTestId('filter-confidence-low').check();
    await expect(high).toBeEnabled();

    // A negative FRP floor stays in the box with a note, shows every fire, and Reset clears it.
    await page.getByTestId('filter-min-frp').fill('-5');
    await expect(page.getByTestId('filter-min-frp')).toHaveValue('-5');
    await expect(page.getByTestId('filter-min-frp-error')).toHaveText('FRP is never below 0 MW: every fire is shown.');
    expect(page.url()).not.toContain('frp:');
    await page.getByTestId('filter-reset').click();
    await expect(page.getByTestId('filter-min-frp')).toHaveValue('');
    await expect(page.getByTestId('filter-min-frp-error')).toHaveCount(0);
    // A floor above any fire's power (the API's ceiling is 100,000 MW) is the ceiling, said so: no fire, no error.
    await page.getByTestId('filter-min-frp').fill('1e6');
    await expect(page.getByTestId('filter-min-frp-error')).toContainText('the floor is 100,000 MW, so none is shown');
    await expect(page.getByTestId('hud-filters')).toContainText('FRP ≥ 100,000 MW');
    await expect.poll(() => page.url()).toContain('frp:100000');
    await expect(page.getByTestId('layer-status-fires')).toHaveCount(0);
    await page.getByTestId('filter-reset').click();
  } finally {
    await context.close();
  }
});

test('day or night: only the detections of that part of the day are drawn and counted, and the address keeps it', async ({ page }) => {
  // The Kalahari, away from the other tests' fires.
  const SPOT = { longitude: 21.2, latitude: -24.6 };
  await ingestFires([
    { ...SPOT, dayNight: 'D', minutesAgo: 30 },
    { longitude: SPOT.longitude + 0.1, latitude: SPOT.latitude, dayNight: 'N', minutesAgo: 35 },
    { longitude: SPOT.longitude - 0.1, latitude: SPOT.latitude, dayNight: 'N', minutesAgo: 45 },
  ]);
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [SPOT.longitude, SPOT.latitude, 8] });
  await map.showMoreFilters();
  await firesInView(hud, 3);
  // The day detection's popup open: the night filter hides that fire, and its popup goes with it.
  await map.expectStill();
  await map.clickAt(SPOT.longitude, SPOT.latitude);
  await expect(map.popup()).toContainText('Fire detection');
  await page.getByTestId('filter-daynight-night').check();
  await expect(map.popup()).toHaveCount(0);
  await firesInView(hud, 2);
  await expect.poll(() => map.renderedFireCount()).toBe(2);
  await expect(page.getByTestId('hud-filters')).toContainText('night detections only');
  await expect.poll(() => page.url()).toContain('dn:night');
  await page.getByTestId('filter-daynight-day').check();
  await firesInView(hud, 1);
  await page.getByTestId('filter-daynight-any').check();
  await firesInView(hud, 3);
  await expect.poll(() => page.url()).not.toContain('dn:');
});

test("in playback the export is of the cursor's minute: the window's fires and events before it, the aircraft then, the incidents found by then", async ({ page }) => {
  test.setTimeout(90_000);
  // Lake Tana, where no other test puts anything: a fire and a news story half an hour ago, and one of each three
  // hours ago; an aircraft now (no position kept from two hours ago); an incident found a day ago and one found half
  // an hour ago.
  const TANA = { longitude: 37.3, latitude: 12.0 };
  await ingestFires([
    { longitude: TANA.longitude + 0.05, latitude: TANA.latitude, confidence: 'h', frp: 20, minutesAgo: 30 },
    { longitude: TANA.longitude - 0.05, latitude: TANA.latitude, confidence: 'h', frp: 40, minutesAgo: 180 },
  ]);
  await placeAircraft({ icao24: 'e7a1a1', callsign: 'TANA1', longitude: TANA.longitude, latitude: TANA.latitude + 0.05, trackDeg: 90, firefighting: false });
  await placeIncident({ irwinId: 'tana-old', name: 'TANA OLD', acres: 300, longitude: TANA.longitude, latitude: TANA.latitude - 0.05, discoveredMinutesAgo: 24 * 60 });
  await placeIncident({ irwinId: 'tana-new', name: 'TANA NEW', acres: 3, longitude: TANA.longitude + 0.02, latitude: TANA.latitude - 0.02, discoveredMinutesAgo: 30 });
  await placeEvent({ sourceType: 'news', title: 'Tana story now', longitude: TANA.longitude - 0.03, latitude: TANA.latitude + 0.03, minutesAgo: 30 });
  await placeEvent({ sourceType: 'news', title: 'Tana story then', longitude: TANA.longitude + 0.03, latitude: TANA.latitude + 0.03, minutesAgo: 180 });
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [TANA.longitude, TANA.latitude, 9], filter: 'w:6h' });
  await map.openLayersTab();
  const csvRows = async () => parse((await downloaded(page, 'export-csv')).body, { columns: true, bom: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const ids = (rows: Array<Record<string, string>>, layer: string, column: string) => rows.filter((row) => row.layer === layer).map((row) => row[column]).sort();

  const now = await csvRows();
  expect(ids(now, 'fires', 'frp_mw')).toEqual(['20', '40']);
  expect(ids(now, 'aircraft', 'icao24')).toEqual(['e7a1a1']);
  expect(ids(now, 'incidents', 'irwin_id')).toEqual(['tana-new', 'tana-old']);
  expect(ids(now, 'events', 'title')).toEqual(['Tana story now', 'Tana story then']);

  // Two hours ago (the 6 h range's minute 240).
  await playback.cursor.fill('240');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const minute = (await playback.minuteLabel().getAttribute('data-minute'))!;
  const hhmm = `${minute.slice(11, 16)} UTC`;
  const day = new Date(minute).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  await expect(page.getByTestId('export').locator('.export-what')).toHaveText(
    `In view: fires of the 6 h to ${day} ${hhmm}; aircraft at ${hhmm}; incidents discovered by then; news and events of the same window.`,
  );
  const then = await csvRows();
  expect(ids(then, 'fires', 'frp_mw')).toEqual(['40']);
  expect(ids(then, 'aircraft', 'icao24')).toEqual([]);
  expect(ids(then, 'incidents', 'irwin_id')).toEqual(['tana-old']);
  expect(ids(then, 'events', 'title')).toEqual(['Tana story then']);
  await expect(page.getByTestId('export-message')).toHaveText(/: 1 fire(, 0 aircraft)?, 1 incident, 1 story or event\.$/);
  // Named after the minute shown; another minute leaves the "Saved …" line of this one behind.
  const stamp = `at-${minute.slice(0, 16).replace(/[-:]/g, '')}Z`;
  await expect(page.getByTestId('export-message')).toContainText(`vantage-fires-aircraft-incidents-events-${stamp}.csv`);
  expect((await downloaded(page, 'export-png')).name).toBe(`vantage-map-${stamp}.png`);
  // Saved again at the same minute: a name of its own, which the line names (the browser numbered it, the line did not).
  const again = await downloaded(page, 'export-csv');
  expect(again.name).toBe(`vantage-fires-aircraft-incidents-events-${stamp} (2).csv`);
  await expect(page.getByTestId('export-message')).toContainText(`Saved ${again.name}:`);
  await page.getByTestId('playback-step-back').click();
  await expect(page.getByTestId('export-message')).toHaveCount(0);
  await playback.goLive();
  // Live, a timeline longer than the 6 h window says what the map shows beside its own count.
  await expect(playback.total()).toHaveText(/ in 6 h in view$/);
  await playback.chooseRange(24);
  await expect(playback.total()).toHaveText(/ in 24 h in view · the map shows the last 6 h$/);
});

test('at 1280×720 the Layers tab shows the time window, every layer and the legend unscrolled: the other filters fold, their line names what they narrow, and the fold is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ filter: 'c:high;frp:10' });
  await map.openLayersTab();
  const panel = page.getByRole('tabpanel');
  const inPanel = async (shown: string) => {
    const element = shown === 'legend' ? page.getByTestId('map-legend').locator('summary') : page.getByTestId(shown);
    const [box, bounds] = await Promise.all([element.boundingBox(), panel.boundingBox()]);
    return box !== null && bounds !== null && box.y >= bounds.y && box.y + box.height <= bounds.y + bounds.height;
  };
  expect(await panel.evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop)).toBe(0);
  // The window says what it narrows, on its one line: not the aircraft (live) nor the incidents (as they stand).
  await expect(page.locator('#filter-window-caption')).toHaveText('Time window · fires, events and alerts');
  expect((await page.locator('#filter-window-caption').boundingBox())!.height).toBeLessThan(20);
  for (const shown of ['filter-window-24h', 'layer-toggle-fires', 'layer-toggle-cameras', 'legend']) expect({ shown, inView: await inPanel(shown) }).toEqual({ shown, inView: true });
  // Folded, with what the folded filters narrow on its line.
  await expect(page.getByTestId('filter-confidence-high')).toBeHidden();
  await expect(page.getByTestId('filter-more-words')).toHaveText('high confidence · FRP ≥ 10 MW');
  await page.getByTestId('filter-reset').click();
  await expect(page.getByTestId('filter-more-words')).toHaveText('none on');

  // Unfolded, and still so after a reload.
  await page.getByTestId('filter-more').click();
  await expect(page.getByTestId('filter-confidence-high')).toBeVisible();
  await page.reload();
  await app.waitForState('ready');
  await map.openLayersTab();
  await expect(page.getByTestId('filter-confidence-high')).toBeVisible();
});

test('unfolding the other filters is remembered in the same turn that shows them, and folding them: a reload right after finds them as left', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady();
  await map.openLayersTab();
  await expect(page.getByTestId('filter-confidence-high')).toBeHidden();
  // The click, then only microtasks (React's commit runs in one): no task, so not the <details>' own toggle event.
  const kept = await page.getByTestId('filter-more').evaluate(async (summary) => {
    (summary as unknown as { click(): void }).click();
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    return (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('vantage.collapsed.more-filters');
  });
  expect(kept).toBe('0');
  await expect(page.getByTestId('filter-confidence-high')).toBeVisible();
  // And folded again the same way.
  await page.getByTestId('filter-more').click();
  await expect(page.getByTestId('filter-confidence-high')).toBeHidden();
  await page.reload();
  await app.waitForState('ready');
  await map.openLayersTab();
  await expect(page.getByTestId('filter-confidence-high')).toBeHidden();
});

test('the map\'s Export button brings the Export section into sight from anywhere: the panel unfolded, the Layers tab opened, CSV focused', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.openReady({ view: VIEW });
  const panel = page.getByRole('tabpanel');
  const exportInPanel = async () => {
    const [box, bounds] = await Promise.all([page.getByTestId('export').boundingBox(), panel.boundingBox()]);
    // Scrolled into sight to the nearest whole pixel: its edge may pass the panel's by a fraction of one.
    return box !== null && bounds !== null && box.y >= bounds.y - 1 && box.y + box.height <= bounds.y + bounds.height + 1;
  };
  // Below the fold on the Layers tab at this size: the button is what brings it up.
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
  expect(await exportInPanel()).toBe(false);
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-csv')).toBeFocused();
  await expect.poll(exportInPanel).toBe(true);
  // The focused button exports from the keyboard.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  // Disabled while it worked, the button lost the focus: it has it back (the page itself had it).
  await expect(page.getByTestId('export-csv')).toBeFocused();

  // From another tab with the panel folded.
  await page.getByRole('tab', { name: 'Sources' }).click();
  await page.getByTestId('side-panel-toggle').click();
  await expect(panel).toBeHidden();
  await page.getByTestId('export-button').click();
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('export-csv')).toBeFocused();
  await expect.poll(exportInPanel).toBe(true);
});
