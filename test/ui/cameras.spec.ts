// A camera on the map opens its snapshot panel; a snapshot the server cannot give is said in words.
import { expect, test } from './support/ui-test.js';
import { placeCamera } from './support/camera-fixture.js';
import { placeEvent } from './support/event-fixture.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const CAMERA = { title: 'Quai test camera', longitude: 4.83, latitude: 45.76, city: 'Lyon', country: 'France' };

test('clicking a camera opens the snapshot panel, its announcement on the events layer beside it being the same thing', async ({ page }) => {
  await placeCamera(CAMERA);
  // The crawl's event of its discovery, at the camera (it listed "1 camera, 1 event" instead of opening the camera).
  await placeEvent({ sourceType: 'camera', title: CAMERA.title, longitude: CAMERA.longitude, latitude: CAMERA.latitude });
  const app = new AppPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [CAMERA.longitude, CAMERA.latitude, 8] });
  await expect(map.count('cameras')).not.toHaveAttribute('data-value', '0');
  await expect.poll(() => map.featuresNear('cameras', CAMERA.longitude, CAMERA.latitude)).toBeGreaterThan(0);

  const point = await map.pagePoint(CAMERA.longitude, CAMERA.latitude);
  await page.mouse.click(point.x, point.y);
  const panel = page.getByTestId('camera-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(CAMERA.title);
  // The camera's address is not public: the API refuses to fetch it, and the panel says so.
  await expect(panel.getByText(/Snapshot failed|No snapshot available/)).toBeVisible();
  await expect(panel).not.toContainText(/camera \d+/);
  // The panel opens below the search box, which stays usable.
  const searchBox = (await page.getByRole('combobox', { name: /search/i }).boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.y, 'the camera panel starts below the search box').toBeGreaterThanOrEqual(searchBox.y + searchBox.height);
  await panel.getByRole('button', { name: 'Close camera' }).click();
  await expect(panel).toHaveCount(0);
});
