// A fresh start opens on where this computer's time zone says it is (no view in the address), says so, and never
// takes the map from an analyst who has already moved it or opened a link to a view.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';
import { waitForGazetteer } from './support/places-ready.js';

const LOS_ANGELES = { lon: -118.24, lat: 34.05 };

/** The view box of the page's first read of the map's layers (its aircraft), west, south, east, north. */
async function firstLayerRead(page: Page): Promise<[number, number, number, number]> {
  const request = await page.waitForRequest(/\/api\/aircraft\?bbox=/);
  const [west = NaN, south = NaN, east = NaN, north = NaN] = new URL(request.url()).searchParams.get('bbox')!.split(',').map(Number);
  return [west, south, east, north];
}

/**
 * A page of a browser context of its own in Los Angeles' time zone. Not `test.use({ timezoneId })`: the worker's
 * shared context (support/ui-test.ts) would be made in it and carry it into the specs after this one.
 */
async function losAngelesPage(browser: Browser, run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', ...(viewport ? { viewport } : {}) });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('in Los Angeles', () => {
  test.beforeAll(async () => {
    await waitForGazetteer();
  });

  test('opens on the region of the time zone, and says why: made there, the world is neither drawn nor read first', ({ browser }) => losAngelesPage(browser, async (page) => {
    const app = new AppPage(page);
    const map = new MapPage(page);
    const firstRead = firstLayerRead(page);
    await app.openReady();
    const [west, south, east, north] = await firstRead;
    expect(west).toBeLessThan(LOS_ANGELES.lon);
    expect(east).toBeGreaterThan(LOS_ANGELES.lon);
    expect(east - west).toBeLessThan(60);
    expect(north - south).toBeLessThan(40);
    const note = page.getByTestId('home-note');
    await expect(note).toContainText('Opened on Los Angeles, California, United States');
    // Said once the map is there.
    expect((await map.view()).center[0]).toBeCloseTo(LOS_ANGELES.lon, 0);
    await expect(note).toContainText('America/Los_Angeles');
    await map.expectStill(10_000);
    const { center, zoom } = await map.view();
    expect(zoom).toBeCloseTo(5, 1);
    expect(center[0]).toBeCloseTo(LOS_ANGELES.lon, 1);
    expect(center[1]).toBeCloseTo(LOS_ANGELES.lat, 1);
    // The view is in the address: a reload stays there.
    await expect.poll(() => page.url()).toMatch(/view=-118\.2\d*,34\.0\d*,5\.00/);
    await note.getByRole('button', { name: 'Close' }).click();
    await expect(note).toHaveCount(0);
  }));

  test('while the place list is still loading, it says it is finding the area, then flies there', ({ browser }) => losAngelesPage(browser, async (page) => {
    const app = new AppPage(page);
    const map = new MapPage(page);
    // The first answer as the API gives it during a first start's load (this stack's list is in by now): no place
    // yet. The next reaches the API untouched.
    let answered = 0;
    await page.route(/\/api\/time-zone-place/, async (route) => {
      answered += 1;
      const response = await route.fetch();
      if (answered > 1) return route.fulfill({ response });
      await route.fulfill({ response, json: { ...((await response.json()) as object), place: null, gazetteer: 'loading' } });
    });
    await app.openReady();
    const finding = page.getByTestId('home-finding');
    await expect(finding).toContainText("Finding this computer's area (time zone America/Los_Angeles): the place list is still loading");
    await expect(page.getByTestId('home-note')).toContainText('Opened on Los Angeles', { timeout: 15_000 });
    await expect(finding).toHaveCount(0);
    await map.expectStill(10_000);
    expect((await map.view()).center[0]).toBeCloseTo(LOS_ANGELES.lon, 1);
  }));

  test('an answer later than the map can wait for: opens on the world, then flies there', ({ browser }) => losAngelesPage(browser, async (page) => {
    const app = new AppPage(page);
    const map = new MapPage(page);
    await page.route(/\/api\/time-zone-place/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.fulfill({ response: await route.fetch() });
    });
    const firstRead = firstLayerRead(page);
    await app.openReady();
    const [west, , east] = await firstRead;
    expect(east - west).toBeGreaterThan(300);
    await expect(page.getByTestId('home-note')).toContainText('Opened on Los Angeles', { timeout: 15_000 });
    await map.expectStill(10_000);
    expect((await map.view()).center[0]).toBeCloseTo(LOS_ANGELES.lon, 1);
  }));

  test('on a screen taller than the world at the opening zoom too (MapLibre keeps that view inside the screen)', ({ browser }) =>
    losAngelesPage(
      browser,
      async (page) => {
        await new AppPage(page).openReady();
        await expect(page.getByTestId('home-note')).toContainText('Los Angeles');
        const map = new MapPage(page);
        await map.expectStill(10_000);
        expect((await map.view()).center[0]).toBeCloseTo(LOS_ANGELES.lon, 1);
      },
      { width: 1000, height: 1700 },
    ));

  test('a link to a view opens there, not on the time zone', ({ browser }) => losAngelesPage(browser, async (page) => {
    const app = new AppPage(page);
    const map = new MapPage(page);
    const asked = page.waitForRequest(/\/api\/time-zone-place/, { timeout: 3_000 }).then(() => true, () => false);
    await app.openReady({ view: [2.35, 48.86, 6] });
    expect(await asked).toBe(false);
    const { center, zoom } = await map.view();
    expect(zoom).toBeCloseTo(6, 2);
    expect(center[0]).toBeCloseTo(2.35, 2);
    await expect(page.getByTestId('home-note')).toHaveCount(0);
  }));

  test('in playback the live badge names the minute shown in UTC and on the wall clock', ({ browser }) => losAngelesPage(browser, async (page) => {
    const playback = new PlaybackPage(page);
    await new AppPage(page).openReady({ view: [-118.24, 34.05, 6] });
    await playback.cursor.fill('120');
    await expect(playback.root).toHaveAttribute('data-mode', 'playback');
    const badge = page.getByTestId('live-state');
    await expect(badge).toHaveText('Playback');
    await expect(badge).toHaveAttribute('title', /^The map shows \d+ \w+ \d\d:\d\d UTC · \d+ \w+ \d\d:\d\d [AP]M P[SD]T\. /);
  }));

  test('a map the analyst moved before the answer came stays where they took it', ({ browser }) => losAngelesPage(browser, async (page) => {
    const app = new AppPage(page);
    const map = new MapPage(page);
    // The answer is held until the analyst has dragged the map.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/time-zone-place/, async (route) => {
      await held;
      await route.fulfill({ response: await route.fetch() });
    });
    await app.openReady();
    const box = (await map.canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await map.expectStill();
    const dragged = await map.view();
    const answered = page.waitForResponse(/\/api\/time-zone-place/);
    release();
    await answered;
    await page.waitForTimeout(500);
    await map.expectStill();
    expect((await map.view()).center).toEqual(dragged.center);
    await expect(page.getByTestId('home-note')).toHaveCount(0);
  }));
});

test('Home takes the map back to the region of the time zone, from a view the address opened elsewhere; in UTC to the whole world', async ({ browser, page }) => {
  await waitForGazetteer();
  await losAngelesPage(browser, async (la) => {
    const map = new MapPage(la);
    // A link to a view of Paris: no flight at opening.
    await new AppPage(la).openReady({ view: [2.35, 48.85, 9] });
    await la.getByTestId('home-button').click();
    await expect.poll(async () => (await map.view()).center[0], { timeout: 15_000 }).toBeCloseTo(LOS_ANGELES.lon, 1);
    await map.expectStill(10_000);
    const { center, zoom } = await map.view();
    expect(zoom).toBeCloseTo(5, 1);
    expect(center[1]).toBeCloseTo(LOS_ANGELES.lat, 1);
  });
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [2.35, 48.85, 9] });
  await page.getByTestId('home-button').click();
  await expect.poll(async () => (await map.view()).zoom, { timeout: 15_000 }).toBeLessThan(2.5);
  await map.expectStill(10_000);
  const { bbox } = await map.view();
  // The whole inhabited world across, the Americas and Asia both.
  expect(bbox[0]).toBeLessThan(-120);
  expect(bbox[2]).toBeGreaterThan(120);
});

test('in UTC (named after no place) nothing is asked and the world view stays: the whole world, the Americas too, at either screen size', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  await waitForGazetteer();
  for (const size of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    const asked = page.waitForRequest(/\/api\/time-zone-place/, { timeout: 3_000 }).then(() => true, () => false);
    await app.openReady();
    expect(await asked).toBe(false);
    // Opened on a fixed centre (10° E) and zoom, the map showed Europe and Africa between the panels, and no part of the
    // United States at 1280 px.
    const { bbox } = await map.view();
    expect(bbox, `${size.width} px`).toEqual([-180, expect.any(Number), 180, expect.any(Number)]);
    for (const [name, lon, lat] of [['Los Angeles', -118.2, 34], ['Rio de Janeiro', -43.2, -22.9], ['Sydney', 151.2, -33.9], ['Oslo', 10.8, 59.9]] as const) {
      // On the canvas and under no panel: the map itself is what is at that point of the page.
      const { x, y } = await map.pagePoint(lon, lat);
      const shown = await page.evaluate(([px, py]) => {
        const { document } = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { classList: { contains(name: string): boolean } } | null } };
        return document.elementFromPoint(px!, py!)?.classList.contains('maplibregl-canvas') ?? false;
      }, [x, y]);
      expect(shown, `${name} on the map at ${size.width} px`).toBe(true);
    }
    await expect(page.getByTestId('home-note')).toHaveCount(0);
  }
});

test("in India it says the zone by the name the computer's setting gives it, Asia/Kolkata, not the old one Chromium reports", async ({ browser }) => {
  await waitForGazetteer();
  const context = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  try {
    const page = await context.newPage();
    // What Chromium reports: the zone's old name.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Calcutta');
    await new AppPage(page).openReady();
    await expect(page.getByTestId('home-note')).toHaveText("Opened on Kolkata, West Bengal, India: this computer's time zone is Asia/Kolkata.×");
  } finally {
    await context.close();
  }
});
