// A wildfire incident is drawn as the incident diamond, apart from the round marks of fires and alerts, and opens its
// popup when clicked; the legend shows the same diamond.
import { expect, test } from './support/ui-test.js';
import { placeIncident, placeIncidentGrid } from './support/incident-fixture.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';

const INCIDENT = { irwinId: '{5E1C0D1A-UI-TEST-DIAMOND}', name: 'Diamond Ridge', acres: 12_400, longitude: -118.62, latitude: 35.43, kind: 'wildfire' as const };
// A prescribed burn: planned, held by ground crews. Its popup says so (WFIGS lists them with the wildfires).
// Over 1,000 acres: drawn (faded) whatever names are near it; smaller quiet ones make way for names.
const BURN = { irwinId: '{5E1C0D1A-UI-TEST-RXBURN}', name: 'Pine Flat RX', acres: 1_300, longitude: -118.48, latitude: 35.52, kind: 'prescribed' as const };

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
  await expect(map.popup()).toContainText('Wildfire');
});

test('a prescribed burn says it is one in its popup', async ({ page }) => {
  await placeIncident(BURN);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [BURN.longitude, BURN.latitude, 9] });
  await expect.poll(() => map.featuresNear('incidents', BURN.longitude, BURN.latitude)).toBeGreaterThan(0);
  await map.clickAt(BURN.longitude, BURN.latitude);
  await expect(map.popup()).toContainText(BURN.name);
  await expect(map.popup()).toContainText('Prescribed burn');
  await expect(map.popup()).not.toContainText('Wildfire');
});

test('old incidents crowded together make way for each other, the largest drawn; a current one among them is always drawn', async ({ page }) => {
  // The Turgay steppe, a place of its own: 24 starts discovered two months ago within a few hundred metres (a city's
  // old sub-acre starts), a 5,000-acre one of the same age (drawn, if faded, whatever is near), and a current one.
  const spot = { longitude: 64.2, latitude: 49.6 };
  const old = 60 * 24 * 60;
  await Promise.all([
    ...Array.from({ length: 24 }, (_, index) =>
      placeIncident({ irwinId: `{QUIET-PILE-${index}}`, name: `Old start ${index}`, acres: 0.1, longitude: spot.longitude + (index % 6) * 0.001, latitude: spot.latitude + Math.floor(index / 6) * 0.001, discoveredMinutesAgo: old }),
    ),
    placeIncident({ irwinId: '{QUIET-PILE-BIG}', name: 'Old big one', acres: 5_000, longitude: spot.longitude + 0.002, latitude: spot.latitude + 0.001, discoveredMinutesAgo: old }),
    placeIncident({ irwinId: '{QUIET-PILE-NOW}', name: 'Current one', acres: 2, longitude: spot.longitude + 0.003, latitude: spot.latitude + 0.002 }),
  ]);
  const map = new MapPage(page);
  await new AppPage(page).openReady({ view: [spot.longitude, spot.latitude, 8] });
  await map.openLayersTab();
  await expect(map.count('incidents')).toHaveAttribute('data-value', '26');
  const drawn = () =>
    page.evaluate(() => {
      const hook = (globalThis as unknown as { __vantage: { renderedProperties(key: string): Array<Record<string, unknown>> } }).__vantage;
      return hook.renderedProperties('incidents').map((props) => String(props.name));
    });
  await expect.poll(async () => (await drawn()).includes('Current one')).toBe(true);
  const names = await drawn();
  expect(names).toContain('Old big one');
  // All 26 were drawn on top of each other: one bright blob.
  expect(names.filter((name) => name.startsWith('Old start')).length).toBeLessThan(6);
});

test('more incidents in view than the map reads at once: the count says "at least", and the Layers tab says which are drawn', async ({ page }) => {
  // 1,200 small incidents in a box of this test's own (the Kuskokwim Mountains), past the 1,000 the map reads.
  const box = { west: -157, south: 61, east: -155, north: 62.5 };
  const remove = await placeIncidentGrid('{UI-TEST-GRID-', 1_200, box);
  try {
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: [-156, 61.75, 6] });
    await map.openLayersTab();
    await expect(page.getByTestId('layer-count-incidents')).toHaveText('1,000+');
    await expect(page.getByTestId('layer-cut-incidents')).toContainText('the 1,000 largest are shown. Zoom in to see them all.');
    // Zoomed in to a part of the box holding fewer: the whole count, no note.
    await new AppPage(page).openReady({ view: [-156.9, 61.1, 10] });
    await map.openLayersTab();
    await expect(page.getByTestId('layer-count-incidents')).toHaveText(/^\d{1,3}$/);
    await expect(page.getByTestId('layer-cut-incidents')).toHaveCount(0);
  } finally {
    await remove();
  }
});
