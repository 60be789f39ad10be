// The map and its layer toggles, read through the page's read-only `window.__vantage` hook.
import { expect, type Locator, type Page } from '@playwright/test';

export type LayerKey = 'fires' | 'incidents' | 'aircraft' | 'events' | 'geofences' | 'alerts' | 'cameras';
export const LAYER_KEYS: readonly LayerKey[] = ['fires', 'incidents', 'aircraft', 'events', 'geofences', 'alerts', 'cameras'];

type HookMethod = 'layerVisible' | 'renderedCount' | 'renderedFireCount' | 'featuresNear' | 'project' | 'view' | 'moving' | 'playbackMinuteEpoch' | 'renderedPlaceNames' | 'styleLayerIds' | 'basemapLandAt' | 'basemapCountryAt' | 'playbackCellAt' | 'labelFadeMs';

export class MapPage {
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.locator('.map canvas.maplibregl-canvas');
  }

  toggle(key: LayerKey): Locator {
    return this.page.getByTestId(`layer-toggle-${key}`);
  }

  count(key: LayerKey): Locator {
    return this.page.getByTestId(`layer-count-${key}`);
  }

  async openLayersTab(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Layers' }).click();
  }

  /** Unfolds "More filters" in the Layers tab (confidence, FRP, satellites, …), folded at first. */
  async showMoreFilters(): Promise<void> {
    await this.openLayersTab();
    if ((await this.page.locator('details.filter-more').getAttribute('open')) === null) await this.page.getByTestId('filter-more').click();
    await expect(this.page.getByTestId('filter-confidence-high')).toBeVisible();
  }

  // The callback runs in the page, where the hook lives on window (the root tsconfig has no DOM lib).
  private call<T>(method: HookMethod, ...args: unknown[]): Promise<T> {
    return this.page.evaluate(
      ({ method: name, args: values }) => {
        const hook = (globalThis as unknown as { __vantage: Record<string, (...input: unknown[]) => unknown> }).__vantage;
        return hook[name]!(...values) as T;
      },
      { method, args },
    );
  }

  layerVisible(key: LayerKey): Promise<boolean> {
    return this.call('layerVisible', key);
  }

  renderedFireCount(): Promise<number> {
    return this.call('renderedFireCount');
  }

  firesNear(lon: number, lat: number): Promise<number> {
    return this.call('featuresNear', 'fires', lon, lat, 8);
  }

  /** The count of the playback cell drawn at a position; null where none is. */
  playbackCellAt(spot: { longitude: number; latitude: number }): Promise<number | null> {
    return this.call('playbackCellAt', spot.longitude, spot.latitude);
  }

  featuresNear(key: LayerKey, lon: number, lat: number): Promise<number> {
    return this.call('featuresNear', key, lon, lat, 8);
  }

  project(lon: number, lat: number): Promise<{ x: number; y: number }> {
    return this.call('project', lon, lat);
  }

  playbackMinuteEpoch(): Promise<number | null> {
    return this.call('playbackMinuteEpoch');
  }

  /** Names the offline basemap's label layers draw in the view (places, countries, states). */
  renderedPlaceNames(): Promise<string[]> {
    return this.call('renderedPlaceNames');
  }

  /** The style's layer ids, bottom first. */
  styleLayerIds(): Promise<string[]> {
    return this.call('styleLayerIds');
  }

  /** Which basemap land layers draw land at a position: the 1:10m detail (from zoom 6), the 1:50m countries. */
  basemapLandAt(lon: number, lat: number): Promise<{ detail: boolean; coarse: boolean }> {
    return this.call('basemapLandAt', lon, lat);
  }

  /** The name of the offline basemap's country drawn at a position (null: sea). */
  basemapCountryAt(lon: number, lat: number): Promise<string | null> {
    return this.call('basemapCountryAt', lon, lat);
  }

  /** How long the map fades its labels in and out (0: placed at once, for reduced motion). */
  labelFadeMs(): Promise<number> {
    return this.call('labelFadeMs');
  }

  /**
   * Clicks the map's Zoom in button within the page and reads the map in the same task, before any frame is drawn:
   * the zoom before and right after, and whether the map is moving (easing to the new zoom).
   */
  zoomInAtOnce(): Promise<{ before: number; after: number; moving: boolean }> {
    return this.page.getByRole('button', { name: 'Zoom in' }).evaluate((button) => {
      const hook = (globalThis as unknown as { __vantage: { view(): { zoom: number }; moving(): boolean } }).__vantage;
      const before = hook.view().zoom;
      (button as unknown as { click(): void }).click();
      return { before, after: hook.view().zoom, moving: hook.moving() };
    });
  }

  view(): Promise<{ center: [number, number]; zoom: number; bbox: [number, number, number, number]; bearing: number }> {
    return this.call('view');
  }

  /**
   * Waits until the map has stopped (a drag's inertia, an ease after a popup opens): MapLibre says nothing moves, and
   * two reads of the view 100 ms apart agree (a software-drawn frame can be slow to come).
   */
  async expectStill(timeout = 5_000): Promise<void> {
    let last = '';
    await expect
      .poll(
        async () => {
          const { center, zoom } = await this.view();
          const now = JSON.stringify([center, zoom]);
          const still = now === last && !(await this.call<boolean>('moving'));
          last = now;
          return still;
        },
        { message: 'the map stops moving', timeout, intervals: [100] },
      )
      .toBe(true);
  }

  /** Page coordinates of a map position (the canvas sits inside the page). */
  async pagePoint(lon: number, lat: number): Promise<{ x: number; y: number }> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('map canvas not on screen');
    const point = await this.project(lon, lat);
    return { x: box.x + point.x, y: box.y + point.y };
  }

  /**
   * The colour the screen shows at a map position, as "#rrggbb": a screenshot of that pixel, decoded by the page's own
   * image decoder (the tests carry no PNG library).
   */
  async colourAt(lon: number, lat: number): Promise<string> {
    const point = await this.pagePoint(lon, lat);
    const png = await this.page.screenshot({ clip: { x: Math.round(point.x), y: Math.round(point.y), width: 1, height: 1 } });
    return this.page.evaluate(async (bytes) => {
      // From the bytes themselves: the app's content policy lets the page fetch no data: URL.
      const scope = globalThis as unknown as {
        Blob: new (parts: unknown[], options: { type: string }) => unknown;
        createImageBitmap(blob: unknown): Promise<unknown>;
        OffscreenCanvas: new (width: number, height: number) => {
          getContext(kind: '2d'): { drawImage(image: unknown, x: number, y: number): void; getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
        };
      };
      const bitmap = await scope.createImageBitmap(new scope.Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const context = new scope.OffscreenCanvas(1, 1).getContext('2d');
      context.drawImage(bitmap, 0, 0);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return `#${[r, g, b].map((value) => (value ?? 0).toString(16).padStart(2, '0')).join('')}`;
    }, [...png]);
  }

  /** The open popup (MapLibre's, with the app's class). */
  popup(): Locator {
    return this.page.locator('.vantage-popup');
  }

  /** The value a popup row shows beside its label ("Outlet", "Placed at"). */
  popupRow(label: string): Locator {
    return this.popup().locator(`dt:text-is(${JSON.stringify(label)}) + dd`);
  }

  /** Clicks the map at a position, as a user picks what is drawn there. */
  async clickAt(lon: number, lat: number): Promise<void> {
    const point = await this.pagePoint(lon, lat);
    await this.page.mouse.click(point.x, point.y);
  }

  async expectFireDrawnNear(lon: number, lat: number, timeout = 20_000): Promise<void> {
    await expect.poll(() => this.firesNear(lon, lat), { message: `a fire drawn near ${lon},${lat}`, timeout }).toBeGreaterThan(0);
  }
}
