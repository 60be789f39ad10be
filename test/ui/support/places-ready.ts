// The UI stack loads the gazetteer in the background at start: tests of places wait until health says it is in.
import { expect } from '@playwright/test';
import { apiGet } from './api-helpers.js';

export async function waitForGazetteer(timeout = 120_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const health = await apiGet<{ sources: { places?: { state?: string; error?: string } } }>('/api/health');
        const places = health.sources.places;
        if (places?.state === 'failed') throw new Error(`the gazetteer failed to load: ${places.error ?? 'no reason given'}`);
        return places?.state;
      },
      { message: 'health sources.places.state', timeout, intervals: [1_000, 2_000] },
    )
    .toBe('ready');
}

/** The basemap's land at 1:10m, which the stack loads a few seconds after the places. */
export async function waitForBasemapLand(timeout = 120_000): Promise<void> {
  await waitForGazetteer(timeout);
  await expect
    .poll(async () => (await apiGet<{ sources: { places?: { land?: string } } }>('/api/health')).sources.places?.land, { message: 'health sources.places.land', timeout, intervals: [1_000, 2_000] })
    .toBe('ready');
}

/** The airports, which the stack loads right after the places. */
export async function waitForAirports(timeout = 120_000): Promise<void> {
  await waitForGazetteer(timeout);
  await expect
    .poll(async () => (await apiGet<{ sources: { places?: { airports?: number } } }>('/api/health')).sources.places?.airports ?? 0, { message: 'health sources.places.airports', timeout, intervals: [500, 1_000] })
    .toBeGreaterThan(0);
}
