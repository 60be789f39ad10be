// The analyst's system setting to reduce motion (prefers-reduced-motion, which the UI suite runs under:
// playwright.config.ts): the map jumps where it would ease or fly, and places its labels at once instead of fading
// them (renderer/src/map/label-fade.ts), and a switch's thumb jumps to its side. Without the setting it moves and fades
// as MapLibre does by default, and the thumb slides.
import type { Page } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const VIEW: [number, number, number] = [-121.5, 38.6, 6];

/** How long the thumb of a camera directory's switch (Sources tab, Cameras) takes to move, as CSS computes it. */
async function switchThumbTransition(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Sources' }).click();
  await page.getByTestId('source-expand-cameras').click();
  return page
    .getByTestId('official-directory-switch-caltrans-d3')
    .locator('.directory-switch-thumb')
    .evaluate((thumb) => (globalThis as unknown as { getComputedStyle(e: unknown): { transitionDuration: string } }).getComputedStyle(thumb).transitionDuration);
}

test.describe('with the system set to reduce motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the Zoom in button steps the map at once, and labels are placed without a fade; a switch thumb jumps', async ({ page }) => {
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: VIEW });
    await map.expectStill();
    expect(await map.labelFadeMs()).toBe(0);
    const { before, after, moving } = await map.zoomInAtOnce();
    expect(after, 'a whole step, before any frame is drawn').toBeCloseTo(before + 1, 5);
    expect(moving).toBe(false);
    expect(await switchThumbTransition(page)).toBe('0s');
  });
});

test.describe('without the setting', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the Zoom in button eases the map to the next zoom, and labels fade in and out; a switch thumb slides', async ({ page }) => {
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: VIEW });
    await map.expectStill();
    expect(await map.labelFadeMs()).toBe(300);
    const { before, after, moving } = await map.zoomInAtOnce();
    expect(moving, 'easing').toBe(true);
    expect(after).toBeLessThan(before + 1);
    await map.expectStill();
    expect((await map.view()).zoom).toBeCloseTo(before + 1, 5);
    expect(await switchThumbTransition(page)).toBe('0.15s');
  });
});
