// The `aircraft` job: poll ADSB_URL (a local readsb/tar1090 receiver, an aggregator's v2 API, or OpenSky),
// mark firefighting aircraft with a reason, keep last-known positions.
import type { JobDefinition } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import { type AircraftPosition, parseAdsbFeed } from './adsb-feed.js';
import type { AircraftRepository } from './aircraft-repository.js';
import type { FirefightingIdentifier } from './firefighting-identifier.js';

export function aircraftPollerJob(deps: {
  aircraft: AircraftRepository;
  identifier: FirefightingIdentifier;
  url: string | null;
  intervalSeconds: number;
  /** Checks the positions against the geofences; answers the alerts raised. */
  onPositions?: (positions: AircraftPosition[]) => Promise<number>;
}): JobDefinition {
  return {
    name: 'aircraft',
    pipeline: 'aircraft',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      if (!deps.url) return { idle: 'no ADS-B source: set ADSB_URL (a local receiver\'s aircraft.json, an aggregator API or OpenSky)' };
      const response = await fetchText(deps.url, { timeoutMs: 20_000, maxBytes: 50 * 1024 * 1024, headers: { accept: 'application/json' } });
      if (response.status >= 400) throw new Error(`ADS-B source answered HTTP ${response.status}`);
      let body: unknown;
      try {
        body = JSON.parse(response.text);
      } catch {
        throw new Error('ADS-B source answered something that is not JSON');
      }
      const feed = parseAdsbFeed(body);
      const identified = feed.positions.map((position) => {
        const identification = deps.identifier.identify(position);
        return { ...position, firefighting: identification.firefighting, firefightingReason: identification.reason, source: feed.format };
      });
      const stored = await deps.aircraft.upsert(identified);
      const alerts = deps.onPositions ? await deps.onPositions(feed.positions) : 0;
      return {
        format: feed.format,
        received: feed.positions.length,
        skipped: feed.skipped,
        stored,
        firefighting: identified.filter((position) => position.firefighting).length,
        alerts,
      };
    },
  };
}
