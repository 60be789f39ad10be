// The Geofences tab and drawing on the map.
import type { Locator, Page } from '@playwright/test';
import type { MapPage } from './map-page.js';

export class GeofencesPage {
  constructor(
    readonly page: Page,
    private readonly map: MapPage,
  ) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Geofences' }).click();
  }

  /** Clicks each corner on the map, double-clicking the last one to finish the shape. */
  async draw(corners: ReadonlyArray<[number, number]>): Promise<void> {
    await this.page.getByTestId('geofence-draw').click();
    for (const [index, [lon, lat]] of corners.entries()) {
      const point = await this.map.pagePoint(lon, lat);
      if (index === corners.length - 1) await this.page.mouse.dblclick(point.x, point.y);
      else await this.page.mouse.click(point.x, point.y);
    }
  }

  async name(value: string): Promise<void> {
    await this.page.getByTestId('geofence-name').fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByTestId('geofence-save').click();
  }

  items(): Locator {
    return this.page.getByTestId('geofence-item');
  }

  item(name: string): Locator {
    return this.items().filter({ hasText: name });
  }
}
