// The map first, on a laptop's screen: with the brief and the side panel open or folded, the map's own instruments
// (scale bars, credits, zoom buttons), the map buttons, the playback bar and the HUD are whole, on screen, on top of
// everything else and clear of each other and of the pointer's coordinates; no scrap of the map (a label cut to "qa")
// shows in a strip beside a panel. Long credits take one line and unfold on a click.
import type { Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

const MAP_INSTRUMENTS = {
  'scale bars': '[data-testid="map-scale"]',
  credits: '[data-testid="map-attribution"]',
  'zoom buttons': '.maplibregl-ctrl-bottom-right .maplibregl-ctrl-group',
};
const MAP_BUTTONS = {
  'home button': '[data-testid="home-button"]',
  'export button': '[data-testid="export-button"]',
  'shortcuts button': '[data-testid="shortcuts-button"]',
  'measure button': '[data-testid="measure-button"]',
};
const BARS = {
  'playback bar': '[data-testid="playback"]',
  HUD: '.hud-bar',
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type PageDocument = { elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null };

/** Whether the element at each page point is (inside) what the selector names: what the user sees there. */
function onTopAt(page: Page, selector: string, points: ReadonlyArray<{ x: number; y: number }>): Promise<boolean[]> {
  return page.evaluate(
    ({ selector: wanted, points: at }) => {
      const { document } = globalThis as unknown as { document: PageDocument };
      return at.map(({ x, y }) => document.elementFromPoint(x, y)?.closest(wanted) != null);
    },
    { selector, points },
  );
}

async function boxOf(page: Page, name: string, selector: string): Promise<Box> {
  const locator = page.locator(selector);
  await expect(locator, `the ${name} is shown`).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} not on screen`);
  return box;
}

const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

async function setPanels(page: Page, open: boolean): Promise<void> {
  for (const testId of ['brief-toggle', 'side-panel-toggle']) {
    const toggle = page.getByTestId(testId);
    if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', String(open));
  }
}

for (const size of SIZES) {
  for (const open of [true, false]) {
    test(`at ${size.width}×${size.height} with the panels ${open ? 'open' : 'folded'}, the map's instruments, the playback bar and the HUD are whole and on top`, async ({ page }) => {
      await page.setViewportSize(size);
      const app = new AppPage(page);
      await app.openReady();
      await setPanels(page, open);
      const screen = { x: 0, y: 0, ...size };
      // MapLibre resizes its canvas a frame or more after the panels move: read it once it fills the map's box.
      await expect
        .poll(async () => {
          const [canvas, container] = [await boxOf(page, 'map', '.map canvas.maplibregl-canvas'), await boxOf(page, 'map box', '.map')];
          return [canvas.width - container.width, canvas.height - container.height].map((difference) => Math.round(difference));
        }, { message: 'the map canvas fills the map' })
        .toEqual([0, 0]);
      const map = await boxOf(page, 'map', '.map canvas.maplibregl-canvas');

      const boxes = new Map<string, Box>();
      for (const [name, selector] of Object.entries({ ...MAP_INSTRUMENTS, ...MAP_BUTTONS, ...BARS })) {
        // The map resizes with the panels: the controls settle with it.
        await expect
          .poll(async () => {
            const box = await boxOf(page, name, selector);
            const { x, y, width, height } = box;
            // Each end and the middle: a line half under a panel is not readable.
            const points = [
              { x: x + 2, y: y + height / 2 },
              { x: x + width / 2, y: y + height / 2 },
              { x: x + width - 2, y: y + height / 2 },
            ];
            boxes.set(name, box);
            return { onScreen: inside(box, screen), onTop: await onTopAt(page, selector, points) };
          }, { message: `the ${name} is whole and on top` })
          .toEqual({ onScreen: true, onTop: [true, true, true] });
      }
      for (const name of Object.keys(MAP_INSTRUMENTS)) expect(inside(boxes.get(name)!, map), `the ${name} lies on the map`).toBe(true);
      // The scale in both units the popups give distances in: km (or m) over mi (or ft).
      const scales = page.getByTestId('map-scale').locator('.maplibregl-ctrl-scale');
      await expect(scales).toHaveCount(2);
      await expect(scales.nth(0)).toHaveText(/^\d+(\.\d+)?\s+k?m$/);
      await expect(scales.nth(1)).toHaveText(/^\d+(\.\d+)?\s+(mi|ft)$/);
      const [metric, imperial] = [await scales.nth(0).boundingBox(), await scales.nth(1).boundingBox()];
      expect(metric && imperial && apart(metric, imperial), 'the two scale bars do not overlap').toBe(true);
      // The pointer's coordinates show at the map's bottom while it is over the map.
      await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
      boxes.set('cursor coordinates', await boxOf(page, 'cursor coordinates', '[data-testid="cursor-coordinates"]'));
      const controls = [...Object.keys(MAP_INSTRUMENTS), ...Object.keys(MAP_BUTTONS), 'cursor coordinates'];
      for (const [index, a] of controls.entries()) {
        for (const b of controls.slice(index + 1)) expect(apart(boxes.get(a)!, boxes.get(b)!), `the ${a} and the ${b} do not overlap`).toBe(true);
      }

      // Beside an open panel there is no strip of map (its labels would show as scraps of text).
      if (open) {
        const middle = size.height / 2;
        const strips = [
          { x: 3, y: middle },
          { x: size.width - 3, y: middle },
        ];
        expect(await onTopAt(page, '.map', strips), 'no map shows beside the panels').toEqual([false, false]);
      }
    });
  }
}

test('at 1280×720 the credits take one line, name every source in their tooltip, and unfold on a click and fold again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.openReady();
  const credits = page.getByTestId('map-attribution');
  await expect(credits).toBeVisible();
  const lineHeight = await credits.evaluate((element) => {
    const style = (globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string; fontSize: string } }).getComputedStyle(element);
    return Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
  });
  const lines = async () => ((await credits.boundingBox())?.height ?? 0) / lineHeight;
  type Sized = { scrollWidth: number; clientWidth: number };
  const cut = () => credits.evaluate((element) => (element as unknown as Sized).scrollWidth > (element as unknown as Sized).clientWidth);
  // With the panels open the map is about 600 px wide: the credits (GeoNames, Natural Earth, FIRMS…) are longer.
  expect(await cut(), 'the credits are cut').toBe(true);
  expect(await lines(), 'one line').toBeLessThan(1.5);
  const text = (await credits.textContent()) ?? '';
  expect(text).toContain('GeoNames');
  await expect(credits).toHaveAttribute('title', text);
  await expect(credits).toHaveAttribute('aria-expanded', 'false');

  await credits.click();
  await expect(credits).toHaveAttribute('aria-expanded', 'true');
  expect(await lines(), 'unfolded over more lines').toBeGreaterThanOrEqual(2);
  expect(await cut(), 'nothing cut').toBe(false);
  await credits.press('Enter');
  await expect(credits).toHaveAttribute('aria-expanded', 'false');
  expect(await lines(), 'one line again').toBeLessThan(1.5);
});

test('at 1280×720 with a chosen window and an FRP floor, every HUD counter keeps its number and label on one line in the bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  const to = Date.now() - 3_600_000;
  const from = to - 30 * 3_600_000;
  // The fire counts are held until the counters are laid out: a window that ended an hour ago has no last hour, and
  // that counter is not shown while the first count is under way (it was, then went when the count came).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/fires/count?**', async (route) => {
    await held;
    await route.fallback();
  });
  await app.openReady({ filter: `w:custom:${from}:${to};frp:50` });
  const bar = await boxOf(page, 'HUD bar', '.hud-bar');
  const counters = page.locator('.hud-bar .counter');
  await expect(counters.first()).toContainText('Fires in view · chosen 30 h');
  await expect(page.getByTestId('hud-count-fires-view')).toHaveAttribute('data-value', '');
  await expect(counters).toHaveCount(3);
  release();
  await expect(page.getByTestId('hud-count-fires-view')).not.toHaveAttribute('data-value', '');
  await expect(counters).toHaveCount(3);
  for (const counter of await counters.all()) {
    const box = await counter.boundingBox();
    expect(box && inside(box, bar), `${await counter.textContent()} lies inside the HUD bar`).toBe(true);
    const label = counter.locator('.counter-label');
    const lineHeight = await label.evaluate((element) => Number.parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(element).fontSize) * 1.6);
    expect((await label.boundingBox())?.height ?? 0, `${await label.textContent()} takes one line`).toBeLessThan(lineHeight);
  }
  // The chosen window's ends, in UTC, beside the counters; the freshness pill gives way to them.
  const filters = page.getByTestId('hud-filters');
  await expect(filters).toContainText(`${new Date(from).getUTCDate()} ${new Date(from).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${new Date(from).toISOString().slice(11, 16)} UTC – `);
  await expect(filters).toContainText('FRP ≥ 50 MW');
  expect(inside((await filters.boundingBox())!, bar), 'the filters lie inside the HUD bar').toBe(true);
  const cut = await filters.evaluate((element) => (element as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (element as unknown as { clientWidth: number }).clientWidth);
  expect(cut, 'the filters are not cut').toBe(false);
});

test('at 1280×720 the HUD spells out four filters whole, on two lines, rather than cutting them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await new AppPage(page).openReady({ filter: 'c:nominal,high;frp:50;sat:N20,N21,Terra,Aqua;ff' });
  const line = page.getByTestId('hud-filters');
  await expect(line).toContainText('every satellite but');
  await expect(line).toContainText('firefighting aircraft only');
  // One line cut three of them short ("nominal or high confidence · FRP ≥ 50 MW · firefighting air…").
  type Sized = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
  const fits = await line.evaluate((element) => {
    const sized = element as unknown as Sized;
    const style = (globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }).getComputedStyle(element);
    return {
      height: sized.scrollHeight <= sized.clientHeight + 1,
      width: sized.scrollWidth <= sized.clientWidth + 1,
      lines: Math.round(sized.clientHeight / Number.parseFloat(style.lineHeight)),
    };
  });
  expect(fits).toEqual({ height: true, width: true, lines: 2 });
  expect(inside((await line.boundingBox())!, await boxOf(page, 'HUD bar', '.hud-bar')), 'the filters lie inside the HUD bar').toBe(true);
});

for (const size of [{ width: 1024, height: 768 }, { width: 800, height: 600 }]) {
  test(`at ${size.width}×${size.height} the playback bar keeps one line with its buttons' words whole, and the search box clears the brief's button`, async ({ page }) => {
    await page.setViewportSize(size);
    await new AppPage(page).openReady();
    // A first start this narrow opens with the brief folded: its button sits at the map's top left.
    await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'false');
    const controls = await boxOf(page, 'playback controls', '.playback-controls');
    for (const button of await page.locator('.playback-controls button').all()) {
      const box = (await button.boundingBox())!;
      // One line of text: a wrapped "−1 min" or "1 h" was twice as tall as the bar's row.
      expect(box.height, `"${await button.innerText()}" on one line`).toBeLessThanOrEqual(controls.height + 2);
      expect(inside(box, { x: 0, y: 0, ...size }), `"${await button.innerText()}" on screen`).toBe(true);
    }
    const total = await boxOf(page, 'event total', '[data-testid="playback-total"]');
    expect(total.height).toBeLessThanOrEqual(controls.height + 2);
    const search = await boxOf(page, 'search box', '[data-testid="search-box"]');
    const brief = await boxOf(page, "brief's button", '[data-testid="brief-toggle"]');
    const tabs = await boxOf(page, 'side panel', 'nav.side-panel');
    expect(apart(search, brief), "the search box clears the brief's button").toBe(true);
    expect(apart(search, tabs), 'the search box clears the side panel').toBe(true);
    // The HUD bar holds its counters and the live badge on screen (at 800 px it was 867 px wide, the badge cut off).
    const bar = await page.locator('.hud-bar').evaluate((element) => {
      const { scrollWidth, clientWidth } = element as unknown as { scrollWidth: number; clientWidth: number };
      return { scrollWidth, clientWidth };
    });
    expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    expect(inside(await boxOf(page, 'live badge', '[data-testid="live-state"]'), { x: 0, y: 0, ...size }), 'the live badge on screen').toBe(true);
  });
}
