// Every layer toggles: the button's aria-pressed, the map's own layout visibility, and a count shown.
import pg from 'pg';
import { expect, test } from './support/ui-test.js';
import { ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { LAYER_KEYS, MapPage } from './pages/map-page.js';
import { uiDatabaseUrl, uiStack } from './support/stack-file.js';

test('each layer toggles off and on, with its count shown', async ({ page }) => {
  // A known fire in the view (southern Brazil, zoom 7: points from /api/fires), so the fire count must be at least 1.
  await ingestFires([{ longitude: -52.31, latitude: -27.42, confidence: 'h', frp: 40 }]);
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [-52.3, -27.4, 7] });
  await expect.poll(async () => Number((await map.count('fires').getAttribute('data-value')) || 0)).toBeGreaterThanOrEqual(1);
  for (const key of LAYER_KEYS) {
    const toggle = map.toggle(key);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await map.layerVisible(key)).toBe(true);
    // A whole number, or a dash with the reason when the source is not available yet.
    const count = await map.count(key).getAttribute('data-value');
    if (count === '') await expect(page.getByTestId(`layer-status-${key}`)).toBeVisible();
    else expect(count).toMatch(/^\d+$/);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await map.layerVisible(key)).toBe(false);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await map.layerVisible(key)).toBe(true);
  }
});

test('a layer whose feed is off says why under its count (a 0 alone read as "no cameras here")', async ({ page }) => {
  // What the cameras job records when no directory is switched on (the UI stack runs no job on its own).
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  const saved = await client.query('SELECT * FROM pipeline_status WHERE name = $1', ['cameras']);
  try {
    await client.query(
      `INSERT INTO pipeline_status (name, last_attempt_at, last_error, last_error_at) VALUES ('cameras', now(), $1, now())
       ON CONFLICT (name) DO UPDATE SET last_attempt_at = now(), last_success_at = NULL, last_error = $1, last_error_at = now()`,
      ['idle: no camera directory yet: switch on an official one or add your own'],
    );
    await new AppPage(page).openReady();
    await expect(page.getByTestId('layer-off-cameras')).toHaveText('Off: no camera directory yet: switch on an official one or add your own (Sources tab).');
    // Feeds that are not off say nothing of the kind.
    await expect(page.getByTestId('layer-off-fires')).toHaveCount(0);
    // "Sources tab" takes the analyst there.
    await page.getByTestId('layer-off-cameras').getByRole('button', { name: 'Sources tab' }).click();
    await expect(page.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('source-row-cameras')).toBeVisible();
  } finally {
    await client.query('DELETE FROM pipeline_status WHERE name = $1', ['cameras']);
    const row = saved.rows[0] as Record<string, unknown> | undefined;
    if (row) {
      await client.query('INSERT INTO pipeline_status SELECT * FROM json_populate_record(NULL::pipeline_status, $1)', [JSON.stringify(row)]);
    }
    await client.end();
  }
});

test('a layer switched off while the map is still loading stays off once it is ready', async ({ page }) => {
  // Hold MapLibre's chunk until the toggle has been clicked: the map does not exist yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.open();
  await map.toggle('fires').click();
  await expect(map.toggle('fires')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).toHaveAttribute('data-state', 'loading');
  release();
  await app.waitForState('ready');
  expect(await map.layerVisible('fires')).toBe(false);
  expect(await map.layerVisible('aircraft')).toBe(true);
});

test('the legend explains each visible layer, and a hidden layer leaves it', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady();
  const legend = page.getByTestId('map-legend');
  for (const key of LAYER_KEYS) await expect(legend.locator(`[data-legend-layer="${key}"]`)).toHaveCount(1);
  // Colour = confidence, size = FRP in MW, the white ring, the playback cells, the satellites in words.
  const fires = legend.locator('[data-legend-layer="fires"]');
  await expect(fires).toContainText('High confidence');
  await expect(fires).toContainText('fire radiative power');
  await expect(fires).toContainText('MW');
  await expect(fires).toContainText('White ring');
  await expect(fires).toContainText('In playback: detections per 1° cell in the hour up to the chosen minute');
  await expect(fires).toContainText('NOAA-20 (N20)');
  await expect(legend.locator('[data-legend-layer="aircraft"]')).toContainText('within 20 miles');
  // Other aircraft's pale trails, long and straight on a map without roads: said not to be roads.
  await expect(legend.locator('[data-legend-layer="aircraft"]')).toContainText('Trail of another aircraft (last 30 minutes), not a road');
  await expect(legend.locator('[data-legend-layer="incidents"]')).toContainText('Faded: a prescribed burn, 100 % contained, or discovered over 30 days ago');

  await map.toggle('aircraft').click();
  await expect(legend.locator('[data-legend-layer="aircraft"]')).toHaveCount(0);
  // The hidden layer's row says so in a word, not only a shade dimmer.
  const hiddenWord = (key: 'aircraft' | 'fires') =>
    map.toggle(key).locator('.layer-name').evaluate((name) => (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(name, '::after').content);
  expect(await hiddenWord('aircraft')).toBe('" · hidden"');
  expect(await hiddenWord('fires')).toBe('none');
  // The HUD still counts the aircraft in view, dimmed, its label and its words saying the layer is hidden.
  const aircraftCounter = page.getByTestId('hud-count-aircraft');
  await expect(aircraftCounter).toHaveAttribute('data-layer-hidden', 'true');
  await expect(aircraftCounter).toHaveAttribute('title', /Their layer is hidden \(Layers tab\): the map does not draw what this counts\./);
  expect(await aircraftCounter.locator('.counter-label').evaluate((label) => (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(label, '::after').content)).toBe('" · hidden"');
  await expect(page.getByTestId('hud-count-fires-view')).not.toHaveAttribute('data-layer-hidden', 'true');
  await map.toggle('aircraft').click();
  await expect(aircraftCounter).not.toHaveAttribute('data-layer-hidden', 'true');
  await expect(legend.locator('[data-legend-layer="aircraft"]')).toHaveCount(1);

  // The filter's levels: with high confidence alone, the legend lists that one; the others come back with them.
  await map.showMoreFilters();
  await page.getByTestId('filter-confidence-low').uncheck();
  await page.getByTestId('filter-confidence-nominal').uncheck();
  await expect(fires).toContainText('High confidence');
  await expect(fires).not.toContainText('Nominal confidence');
  await expect(fires).not.toContainText('Low confidence');
  await page.getByTestId('filter-firefighting').check();
  await expect(legend.locator('[data-legend-layer="aircraft"]')).not.toContainText('Other aircraft');
  await expect(legend.locator('[data-legend-layer="aircraft"]')).not.toContainText('Trail of another aircraft');
  await page.getByTestId('filter-reset').click();
  await expect(fires).toContainText('Low confidence');
  await expect(legend.locator('[data-legend-layer="aircraft"]')).toContainText('Other aircraft');
});

test('the Layers tab counts the fires the HUD counts: not a circle drawn over the edge, and the new filter at once', async ({ page }) => {
  test.setTimeout(90_000);
  // Madagascar at zoom 5 (fires from vector tiles, which carry a margin beyond the view), a place no other test uses.
  const SPOT = { longitude: 46.5, latitude: -19.5 };
  await ingestFires([
    { ...SPOT, confidence: 'h', frp: 40, minutesAgo: 20 },
    { longitude: SPOT.longitude + 0.4, latitude: SPOT.latitude + 0.3, confidence: 'l', frp: 5, minutesAgo: 90 },
  ]);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  const view: [number, number, number] = [SPOT.longitude, SPOT.latitude, 5];
  await app.openReady({ view });
  const [, south, east, north] = (await map.view()).bbox;
  // A fire a pixel past the east edge: its circle is drawn over the edge, but its place is not in the view.
  const edge = { longitude: east + 0.02, latitude: (south + north) / 2 };
  await ingestFires([{ ...edge, confidence: 'h', frp: 400, minutesAgo: 10 }]);
  await page.reload();
  await app.waitForState('ready');
  expect((await map.view()).bbox).toEqual([expect.any(Number), south, east, north]);
  await map.showMoreFilters();
  await expect.poll(() => map.featuresNear('fires', east - 0.001, edge.latitude), { message: 'the edge fire is drawn' }).toBeGreaterThan(0);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(2);
  await expect(map.count('fires')).toHaveAttribute('data-value', '2');

  // High confidence only: the count is the new filter's, not the frame before the new tiles came.
  await page.getByTestId('filter-confidence-low').uncheck();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  await expect(map.count('fires')).toHaveAttribute('data-value', '1');
  await page.getByTestId('filter-window-1h').click();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  await expect(map.count('fires')).toHaveAttribute('data-value', '1');
  await page.getByTestId('filter-confidence-low').check();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  await page.getByTestId('filter-window-24h').click();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(2);
  await expect(map.count('fires')).toHaveAttribute('data-value', '2');
});

test('at a low zoom the Layers tab counts the fires the HUD counts: two of one minute a tile draws on one spot are two', async ({ page }) => {
  // The South Pacific at zoom 3 (fires from vector tiles, whose grid is about a kilometre there), a place no other test
  // uses: two detections of one pass (same minute, satellite and power) 200 m apart, two rows, drawn on one spot.
  const acquired = new Date(Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000).toISOString();
  const detection = { acq_time: acquired, satellite: 'N20', instrument: 'VIIRS', confidence: 'h', frp: 12.5, daynight: 'N' };
  const { apiUrl, token } = uiStack();
  const answer = await fetch(`${apiUrl}/api/ingest/fires`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([
      { ...detection, longitude: -135.0004, latitude: -35.0003 },
      { ...detection, longitude: -135.0021, latitude: -35.0011 },
    ]),
  });
  expect(((await answer.json()) as { stored: number }).stored).toBe(2);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [-135, -35, 3] });
  await expect.poll(() => map.featuresNear('fires', -135.001, -35.001), { message: 'the pair is drawn' }).toBeGreaterThan(0);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(2);
  await expect(map.count('fires')).toHaveAttribute('data-value', '2');
});

test('a fire a hair west of +180° is drawn at zoom 3: the tile east of the line, the westernmost, holds it', async ({ page }) => {
  // South of Fiji, 0.0004° west of +180°: the easternmost z3 tile rounds it onto its east edge, which MapLibre leaves to
  // the tile beyond (the westernmost, a world on). A place no other test puts fires.
  const acquired = new Date(Date.now() - 30 * 60_000).toISOString();
  const { apiUrl, token } = uiStack();
  const answer = await fetch(`${apiUrl}/api/ingest/fires`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ acq_time: acquired, satellite: 'N20', instrument: 'VIIRS', confidence: 'h', frp: 12.5, daynight: 'N', longitude: 179.9996, latitude: -19.5 }]),
  });
  expect(((await answer.json()) as { stored: number }).stored).toBe(1);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [180, -19.5, 3] });
  await expect.poll(() => new HudPage(page).counterValue('fires-view')).toBe(1);
  await expect.poll(() => map.featuresNear('fires', 179.9996, -19.5), { message: 'the fire is drawn' }).toBe(1);
});

test('the Layers tab counts the last filter\'s fires when a slow re-read is cut short by the next change', async ({ page }) => {
  test.setTimeout(90_000);
  // Namibia at zoom 7 (fires from the list, as points), a place no other test uses.
  const SPOT = { longitude: 17.1, latitude: -22.6 };
  await ingestFires([
    { ...SPOT, confidence: 'h', frp: 40, minutesAgo: 20 },
    { longitude: SPOT.longitude + 0.1, latitude: SPOT.latitude + 0.1, confidence: 'l', frp: 5, minutesAgo: 30 },
    { longitude: SPOT.longitude - 0.1, latitude: SPOT.latitude - 0.1, confidence: 'n', frp: 15, minutesAgo: 40 },
  ]);
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [SPOT.longitude, SPOT.latitude, 7] });
  await map.showMoreFilters();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(3);
  await expect(map.count('fires')).toHaveAttribute('data-value', '3');

  // Every fire list answers 1.5 s late: the first change's re-read is still out when the second change cuts it short.
  await page.route('**/api/fires?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  const firstRead = page.waitForRequest(/\/api\/fires\?/);
  await page.getByTestId('filter-confidence-low').uncheck();
  await firstRead;
  await page.getByTestId('filter-confidence-nominal').uncheck();
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  await expect(map.count('fires')).toHaveAttribute('data-value', '1', { timeout: 10_000 });
});

test('fires counted in view are data: the last hour’s none reads 0, not the "–" of a feed that delivered nothing', async ({ page }) => {
  // West Greenland's coast, a place no other test uses (the playback tests watch the Gobi); a detection of two hours
  // ago (the stack's fires feed has not run).
  const spot = { longitude: -50.7, latitude: 67.0 };
  await ingestFires([{ ...spot, minutesAgo: 120 }]);
  const hud = new HudPage(page);
  await new AppPage(page).openReady({ view: [spot.longitude, spot.latitude, 8] });
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  const lastHour = page.getByTestId('hud-count-fires-hour');
  await expect(lastHour).toHaveAttribute('data-value', '0');
  await expect(lastHour.locator('.counter-value')).toHaveText('0');
  await expect(lastHour).not.toHaveAttribute('data-no-data', 'true');
});
