// A view that holds no fire detection says where the nearest one is and goes there: the map opens on the computer's
// region, which may have none today, and an empty map read as a broken one.
import { expect, test } from './support/ui-test.js';
import { ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';

// The South Pacific, where no other spec puts anything: a fire about 690 km north-east of the view's centre.
const VIEW: [number, number, number] = [-140, -45, 8];
const FIRE = { longitude: -135, latitude: -40 };

test('a view without fire detections names the nearest, how far and which way, and "Show it" goes there', async ({ page }) => {
  await ingestFires([{ ...FIRE, minutesAgo: 120 }]);
  const hud = new HudPage(page);
  await new AppPage(page).openReady({ view: VIEW });
  await expect.poll(() => hud.counterValue('fires-view')).toBe(0);
  const note = page.getByTestId('nearest-fire-note');
  await expect(note).toContainText(/^No fire detections in view in the last 24 h\. The nearest: (6[5-9]\d|7[0-2]\d) km \([\d,]+ mi\) north-east, \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC\./);
  await page.getByTestId('nearest-fire-show').click();
  await expect.poll(() => hud.counterValue('fires-view'), { message: 'the map went to the fire' }).toBeGreaterThan(0);
  await expect(note).toHaveCount(0);
});

test('the note follows the filter, and goes once closed', async ({ page }) => {
  // The Southern Ocean, south of any other spec's places: a weak detection about 150 km north-east of the centre, and a
  // strong one about 340 km north-west (each farther from the first test's view than its fire).
  await ingestFires([
    { longitude: -118, latitude: -68.8, minutesAgo: 90, frp: 5 },
    { longitude: -125, latitude: -67.5, minutesAgo: 100, frp: 450 },
  ]);
  await new AppPage(page).openReady({ view: [-120, -70, 8] });
  const note = page.getByTestId('nearest-fire-note');
  await expect(note).toContainText(/^No fire detections in view in the last 24 h\. The nearest: 1[2-8]\d km \([\d,]+ mi\) north-east, /);
  // At least 400 MW: the weak one is left out.
  const map = new MapPage(page);
  await map.showMoreFilters();
  await page.getByTestId('filter-min-frp').fill('400');
  await expect(note).toContainText(/^No fire detections in view pass the filters in the last 24 h\. The nearest: (2[89]\d|3\d\d) km \([\d,]+ mi\) north-west, /);
  await note.getByRole('button', { name: 'Close' }).click();
  await expect(note).toHaveCount(0);
});
