// The map first: the brief column and the side panel fold away (button or key) and come back; the choice survives a reload.
import type { Locator } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';

test('the brief and the side panel fold away with a button or a key, and stay folded after a reload', async ({ page }) => {
  // Wide enough that a first start opens both.
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new AppPage(page);
  await app.openReady();
  const brief = page.getByTestId('brief-toggle');
  const panels = page.getByTestId('side-panel-toggle');
  await expect(page.getByRole('tab', { name: 'Layers' })).toBeVisible();

  await panels.click();
  await expect(panels).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveCount(0);
  await page.keyboard.press('[');
  await expect(brief).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('daily-recap')).toHaveCount(0);

  await page.reload();
  await app.waitForState('ready');
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('side-panel-toggle')).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press(']');
  await expect(page.getByRole('tab', { name: 'Layers' })).toBeVisible();
  await page.getByTestId('brief-toggle').click();
  await expect(page.getByTestId('daily-recap')).toBeVisible();

  // A key typed into a field is text, not a shortcut.
  await page.getByRole('tab', { name: 'News' }).click();
  await page.getByRole('searchbox', { name: 'Search news' }).fill('[x]');
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tab', { name: 'News' })).toBeVisible();
});

test('a first start under 1,400 px wide (1,280×720) folds the brief, whose warnings keep its column in sight; one at 1,440×900 opens it', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  const brief = page.getByTestId('brief-toggle');
  await expect(brief).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('side-panel-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('daily-recap')).toHaveCount(0);
  // This stack's fires have never come (its schedules are off; another spec may have run the job at a closed port):
  // the warning with the reason stays on screen, in the brief's column, and the map and its search box clear it
  // (first-run.spec.ts: with none, the map takes the column).
  const warning = page.getByTestId('stale-pipelines');
  await expect(warning.locator('[data-stale-pipeline="fires"]')).toContainText(/^fires: \S/);
  const warningBox = (await warning.boundingBox())!;
  expect(warningBox.x + warningBox.width).toBeLessThanOrEqual(320);
  await expect.poll(async () => (await page.locator('.maplibregl-canvas').boundingBox())?.x ?? 0).toBeGreaterThanOrEqual(320);
  expect((await page.getByTestId('search-box').boundingBox())!.x).toBeGreaterThanOrEqual(320);

  // Nothing remembered, a wider window: both open.
  await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await app.waitForState('ready');
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('daily-recap')).toBeVisible();
});

test('a first start in a narrow window (1024 px) opens with the brief folded, so the map keeps its room; the brief and the side panel then take turns, and stay as left', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const app = new AppPage(page);
  await app.openReady();
  const brief = page.getByTestId('brief-toggle');
  const panels = page.getByTestId('side-panel-toggle');
  await expect(brief).toHaveAttribute('aria-expanded', 'false');
  await expect(panels).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('daily-recap')).toHaveCount(0);
  // Opening the brief folds the side panel (both open left the map about 340 px wide), and the other way round.
  await brief.click();
  await expect(page.getByTestId('daily-recap')).toBeVisible();
  await expect(panels).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveCount(0);
  const mapWidth = async () => (await page.locator('.maplibregl-canvas').boundingBox())!.width;
  await expect.poll(mapWidth).toBeGreaterThan(600);
  await page.keyboard.press(']');
  await expect(page.getByRole('tab', { name: 'Layers' })).toBeVisible();
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(mapWidth).toBeGreaterThan(600);
  await page.keyboard.press('[');
  await expect(page.getByTestId('daily-recap')).toBeVisible();
  await expect(page.getByTestId('side-panel-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await app.waitForState('ready');
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('side-panel-toggle')).toHaveAttribute('aria-expanded', 'false');
});

/** The scrolling of an element (this project's tests are typed without the DOM's types). */
interface Scroller {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  scrollTo(left: number, top: number): void;
}

function scrollOf(element: Locator): Promise<{ top: number; room: number }> {
  return element.evaluate((node) => {
    const box = node as unknown as Scroller;
    return { top: box.scrollTop, room: box.scrollHeight - box.clientHeight };
  });
}

test('a tab opens at its top, whatever scroll the tab before was left at', async ({ page }) => {
  await new AppPage(page).openReady();
  const panel = page.getByRole('tabpanel');
  await page.getByRole('tab', { name: 'Sources' }).click();
  await expect(panel).toHaveAttribute('id', 'panel-sources');
  await expect.poll(async () => (await scrollOf(panel)).room).toBeGreaterThan(100);
  await panel.evaluate((element) => {
    const box = element as unknown as Scroller;
    box.scrollTo(0, box.scrollHeight);
  });
  expect((await scrollOf(panel)).top).toBeGreaterThan(100);
  await page.getByRole('tab', { name: 'Layers' }).click();
  await expect(panel).toHaveAttribute('id', 'panel-layers');
  expect((await scrollOf(panel)).top).toBe(0);
  await expect(panel.getByRole('radiogroup', { name: 'Time window' })).toBeInViewport();
});

test('? lists the keyboard shortcuts; Escape closes the list', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-help');
  await expect(help).toBeVisible();
  for (const key of ['Ctrl+K or /', '[', ']', 'Space', 'Shift+← / Shift+→', 'Esc']) await expect(help.getByText(key, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.getByTestId('shortcuts-button').click();
  await expect(help).toBeVisible();
});

test('from the keyboard: the first Tab stop is the search box; the side panel\'s tabs are one stop, the arrow keys move between them', async ({ page }) => {
  await new AppPage(page).openReady();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: /^Search places/ })).toBeFocused();

  const tabs = page.getByRole('tablist').first().getByRole('tab');
  // Only the chosen tab takes a Tab stop.
  expect(await tabs.evaluateAll((elements) => elements.map((element) => (element as unknown as { tabIndex: number }).tabIndex))).toEqual([0, -1, -1, -1, -1]);
  await page.getByRole('tab', { name: 'Layers' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sources' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Keys' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Layers' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Keys' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
});
