// Where the keyboard's focus goes when what had it goes away, and what a screen reader is told: a dialog takes the
// focus and gives it back, a folded panel hands it to its button, a drawing to the map; the time window is one Tab
// stop moved with the arrows; the playback slider is read as the minute it shows.
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const VIEW: [number, number, number] = [-100, 40, 4];

test('the shortcuts list, the panel fold and the time window: the focus goes where the keyboard was', async ({ page }) => {
  await new AppPage(page).openReady({ view: VIEW });
  const layersTab = page.getByRole('tab', { name: 'Layers' });

  // `?` from the Layers tab: the list's Close has the focus; Escape gives it back to the tab.
  await layersTab.focus();
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-help');
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(layersTab).toBeFocused();
  // Opened with its button and closed with Close: back on the button.
  await page.getByTestId('shortcuts-button').focus();
  await page.keyboard.press('Enter');
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shortcuts-button')).toBeFocused();

  // The map's tools come after its zoom buttons in the Tab order (they came last, after the playback bar).
  await page.getByRole('button', { name: 'Zoom out' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('home-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('export-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('measure-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('shortcuts-button')).toBeFocused();

  // The panel folded from its button: the button that unfolds it has the focus, and the other way round.
  await page.getByTestId('side-panel-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel')).toBeHidden();
  await expect(page.getByTestId('side-panel-toggle')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByTestId('side-panel-toggle')).toBeFocused();

  // The time window: one Tab stop, the chosen one; the arrows, Home and End choose another and take the focus.
  const windows = page.getByRole('radiogroup', { name: 'Time window' }).getByRole('radio');
  await expect(windows).toHaveCount(6);
  const tabIndexes = () => Promise.all(['1h', '6h', '24h', '72h', '7d', 'custom'].map((id) => page.getByTestId(`filter-window-${id}`).getAttribute('tabindex')));
  const chosen = page.getByTestId('filter-window-24h');
  await expect(chosen).toHaveAttribute('aria-checked', 'true');
  expect(await tabIndexes()).toEqual(['-1', '-1', '0', '-1', '-1', '-1']);
  await chosen.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('filter-window-72h')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('filter-window-72h')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('filter-window-1h')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('filter-window-1h')).toBeFocused();
  // Shift+→ is the playback's step, not the window's.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('filter-window-1h')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('filter-window-custom')).toBeFocused();
  expect(await tabIndexes()).toEqual(['-1', '-1', '-1', '-1', '-1', '0']);
});

test('a geofence drawing hands the focus to the map and back; the playback slider is read as its minute', async ({ page }) => {
  await new AppPage(page).openReady({ view: VIEW });
  const map = new MapPage(page);
  // The page's one top heading, and the credits named by themselves.
  await expect(page.getByRole('heading', { level: 1, name: 'Vantage' })).toBeVisible();
  const credits = page.getByRole('button', { name: /^Map credits: .*Natural Earth/ });
  await expect(credits).toBeVisible();
  // Space unfolds the credits, and only that: the playback does not start.
  await credits.focus();
  await page.keyboard.press(' ');
  await expect(credits).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('playback-play')).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('tab', { name: 'Geofences' }).click();
  const draw = page.getByTestId('geofence-draw');
  await draw.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('geofence-drawing')).toBeVisible();
  // Drawing: the map has the focus, so Enter places a corner at its cross.
  await expect(map.canvas).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('geofence-drawing')).toHaveAttribute('data-points', '1');
  // Escape on the map cancels, and the map keeps the focus.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('geofence-drawing')).toHaveCount(0);
  await expect(map.canvas).toBeFocused();
  // Cancel, which goes with the drawing: "Draw a geofence" has the focus again.
  await draw.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('geofence-drawing').getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('geofence-drawing')).toHaveCount(0);
  await expect(draw).toBeFocused();

  const slider = page.getByTestId('playback-cursor');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Live: showing now');
  await slider.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  const minute = page.getByTestId('playback-minute');
  await expect(minute).not.toHaveText('Showing now');
  await expect(slider).toHaveAttribute('aria-valuetext', (await minute.textContent()) ?? '');
  await expect(page.getByRole('button', { name: /^−1 min/ })).toBeVisible();
  // At the window's smallest width the brand is out of sight, but still the page's heading.
  await page.setViewportSize({ width: 960, height: 720 });
  await expect(page.getByRole('heading', { level: 1, name: 'Vantage' })).toHaveCount(1);
});

test('single-key shortcuts can be switched off in the shortcuts list, and stay off after a reload; Ctrl+K stays', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady({ view: VIEW });
  const map = new MapPage(page);
  await page.getByTestId('shortcuts-button').click();
  const singleKeys = page.getByTestId('single-key-shortcuts');
  await expect(singleKeys).toBeChecked();
  await singleKeys.uncheck();
  await page.getByTestId('shortcuts-help').getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await app.waitForState('ready');

  await map.canvas.focus();
  // The brief starts folded at this size: the key to fold it, switched off, leaves it so.
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'false');
  for (const key of [']', '[', '?', 'm', '/']) await page.keyboard.press(key);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByTestId('brief-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);
  await expect(page.getByTestId('measure-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('search-input')).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();

  // Switched on again, they work.
  await page.getByTestId('shortcuts-button').click();
  await singleKeys.check();
  await page.getByTestId('shortcuts-help').getByRole('button', { name: 'Close' }).click();
  await map.canvas.focus();
  await page.keyboard.press(']');
  await expect(page.getByRole('tabpanel')).toBeHidden();
});

test('a HUD counter says what it counts to the keyboard too: focused, its explanation shows under it and is its description', async ({ page }) => {
  await new AppPage(page).openReady();
  const counter = page.getByTestId('hud-count-aircraft');
  const explanation = page.locator('#hud-count-aircraft-explanation');
  await expect(counter).toHaveAttribute('aria-describedby', 'hud-count-aircraft-explanation');
  await expect(explanation).toContainText("Aircraft in the map's view");
  // Hidden until the keyboard brings the focus there (a hover has the title).
  expect((await explanation.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await page.getByTestId('hud-count-alerts').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(counter).toBeFocused();
  await expect.poll(async () => (await explanation.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  await expect(explanation).toBeInViewport();
  // Over the search box below it, not under it.
  const box = (await explanation.boundingBox())!;
  const onTop = await page.evaluate(([x, y]) => {
    const { document } = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { id: string } | null } };
    return document.elementFromPoint(x!, y!)?.id;
  }, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(onTop).toBe('hud-count-aircraft-explanation');
});
