// The analyst's system setting to reduce motion (prefers-reduced-motion, which the UI suite runs under:
// playwright.config.ts): the map jumps where it would ease or fly, and places its labels at once instead of fading
// them (renderer/src/map/label-fade.ts). Without the setting it moves and fades as MapLibre does by default.
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const VIEW: [number, number, number] = [-121.5, 38.6, 6];

test.describe('with the system set to reduce motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the Zoom in button steps the map at once, and labels are placed without a fade', async ({ page }) => {
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: VIEW });
    await map.expectStill();
    expect(await map.labelFadeMs()).toBe(0);
    const { before, after, moving } = await map.zoomInAtOnce();
    expect(after, 'a whole step, before any frame is drawn').toBeCloseTo(before + 1, 5);
    expect(moving).toBe(false);
  });
});

test.describe('without the setting', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the Zoom in button eases the map to the next zoom, and labels fade in and out', async ({ page }) => {
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: VIEW });
    await map.expectStill();
    expect(await map.labelFadeMs()).toBe(300);
    const { before, after, moving } = await map.zoomInAtOnce();
    expect(moving, 'easing').toBe(true);
    expect(after).toBeLessThan(before + 1);
    await map.expectStill();
    expect((await map.view()).zoom).toBeCloseTo(before + 1, 5);
  });
});
