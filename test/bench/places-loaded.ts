// A fresh stack loads the gazetteer in the background (~10 s of CPU on two cores): a bench case that measures the
// stack at work waits for it first, or it measures the load.
import { waitFor } from '../support/process-check.js';

export async function placesLoaded(apiUrl: string, token: string): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${apiUrl}/api/health`, { headers: { authorization: `Bearer ${token}` } });
      const health = (await response.json()) as { sources?: { places?: { state?: string; error?: string } } };
      const places = health.sources?.places;
      if (places?.state === 'failed') throw new Error(`the gazetteer failed to load: ${places.error ?? 'no reason given'}`);
      return places?.state === 'ready' ? true : undefined;
    },
    300_000,
    'the gazetteer to load',
  );
}
