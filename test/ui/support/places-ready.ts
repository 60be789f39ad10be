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
