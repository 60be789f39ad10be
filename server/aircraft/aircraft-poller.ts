// The `aircraft` job: poll ADSB_URL (a local readsb/tar1090/dump1090 receiver, an aggregator's v2 API, or OpenSky),
// merge each report with what is known of the aircraft, mark firefighting aircraft with a reason, keep last-known positions.
import { type JobDefinition, UnusableAnswerError } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import { describeRejected } from '../pipelines/rejection-tally.js';
import { type AircraftPosition, NO_POSITION, parseAdsbFeed } from './adsb-feed.js';
import { type AircraftRepository, type IdentifiedPosition, type KnownAircraft, newestPerAircraft } from './aircraft-repository.js';
import type { FirefightingIdentifier } from './firefighting-identifier.js';

/**
 * A report without a callsign field keeps the stored callsign only when it follows the stored report within
 * this gap (the same flight, as a receiver tracks it); after a longer silence it is another flight.
 */
export const SAME_FLIGHT_GAP_MS = 10 * 60_000;

/** The report's callsign: its own (an empty one clears), else the stored one of the same flight. */
export function mergedCallsign(position: AircraftPosition, known: KnownAircraft | undefined): string | null {
  const reported = position.callsignReported ?? position.callsign !== null;
  if (reported) return position.callsign;
  if (!known) return null;
  const gap = Date.parse(position.seenAt) - known.seenAt.getTime();
  return gap >= 0 && gap <= SAME_FLIGHT_GAP_MS ? known.callsign : null;
}

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
      // Aircraft without a position are valid reports (Mode S only); entries that are not aircraft reports are not.
      const withoutPosition = feed.rejected.reasons.find((entry) => entry.reason === NO_POSITION)?.count ?? 0;
      if (feed.positions.length === 0 && withoutPosition === 0 && feed.rejected.count > 0) {
        throw new UnusableAnswerError(
          `ADS-B answer has ${feed.rejected.count} entries and none is usable: ${describeRejected(feed.rejected, 600)}`,
          feed.rejected,
        );
      }
      const reports = newestPerAircraft(feed.positions);
      const known = await deps.aircraft.known(reports.map((position) => position.icao24));
      const identified: IdentifiedPosition[] = reports.map((position) => {
        const stored = known.get(position.icao24);
        const merged = {
          ...position,
          callsign: mergedCallsign(position, stored),
          registration: position.registration ?? stored?.registration ?? null,
          typeCode: position.typeCode ?? stored?.typeCode ?? null,
          operator: position.operator ?? stored?.operator ?? null,
        };
        const identification = deps.identifier.identify(merged);
        return { ...merged, firefighting: identification.firefighting, firefightingReason: identification.reason, source: feed.format };
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
        rejected: feed.rejected,
      };
    },
  };
}
