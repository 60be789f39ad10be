// A wildfire incident is drawn as the incident diamond, apart from the round marks of fires and alerts, and opens its
// popup when clicked; the legend shows the same diamond.
import { expect, test } from './support/ui-test.js';
import { placeIncident } from './support/incident-fixture.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const INCIDENT = { irwinId: '{5E1C0D1A-UI-TEST-DIAMOND}', name: 'Diamond Ridge', acres: 12_400, longitude: -118.62, latitude: 35.43 };

test('an incident is drawn as a diamond and opens its popup when clicked', async ({ page }) => {
  await placeIncident(INCIDENT);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [INCIDENT.longitude, INCIDENT.latitude, 8] });
  await expect.poll(() => map.featuresNear('incidents', INCIDENT.longitude, INCIDENT.latitude)).toBeGreaterThan(0);
  const legend = page.locator('[data-legend-layer="incidents"]');
  await expect(legend.locator('svg.legend-diamond').first()).toBeVisible();
  // The second, smaller and faded: incidents contained or over a month old.
  await expect(legend.locator('svg.legend-diamond')).toHaveCount(2);
  await expect(page.locator('[data-legend-layer="alerts"] .legend-ring')).toBeVisible();
  // Beneath the fires: hundreds of incidents around a city hid its detections.
  const layers = await map.styleLayerIds();
  expect(layers.indexOf('incidents')).toBeGreaterThanOrEqual(0);
  expect(layers.indexOf('incidents')).toBeLessThan(Math.min(...['fires-tiles', 'fires-points', 'fires-live'].map((id) => layers.indexOf(id))));
  await map.clickAt(INCIDENT.longitude, INCIDENT.latitude);
  await expect(map.popup()).toContainText(INCIDENT.name);
  await expect(map.popup()).toContainText('12,400');
});
