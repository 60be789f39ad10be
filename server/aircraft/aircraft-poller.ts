// The `aircraft` job: read the ADS-B source (ADSB_URL: a local readsb/tar1090/dump1090 receiver or OpenSky; else the
// public aggregator around incidents and fires), merge each report with what is known of the aircraft, mark
// firefighting aircraft with a reason, keep last-known positions. The result says which source mode is on.
import { type JobDefinition, UnusableAnswerError } from '../jobs/job-runner.js';
import { describeRejected } from '../pipelines/rejection-tally.js';
import { type AircraftPosition, NO_POSITION } from './adsb-feed.js';
import { type AircraftRepository, type IdentifiedPosition, type KnownAircraft, newestPerAircraft } from './aircraft-repository.js';
import { type AircraftSource, IdleAircraftSource, UrlAircraftSource } from './aircraft-source.js';
import type { FirefightingIdentifier } from './firefighting-identifier.js';
import { forEachInSlices } from '../time-sliced.js';

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

const NO_SOURCE = "no ADS-B source: set ADSB_URL (a local receiver's aircraft.json or OpenSky) or ADSB_AGGREGATOR_URL";

export function aircraftPollerJob(deps: {
  aircraft: AircraftRepository;
  identifier: FirefightingIdentifier;
  /** Where to read (open-aircraft-source.ts). */
  source?: AircraftSource;
  /** Without `source`: this one URL (ADSB_URL), or none (idle). */
  url?: string | null;
  intervalSeconds: number;
  /** Checks the positions against the geofences; answers the alerts raised. */
  onPositions?: (positions: AircraftPosition[]) => Promise<number>;
}): JobDefinition {
  const source = deps.source ?? (deps.url ? new UrlAircraftSource(deps.url) : new IdleAircraftSource(NO_SOURCE));
  return {
    name: 'aircraft',
    pipeline: 'aircraft',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      const feed = await source.read();
      if ('idle' in feed) return { idle: feed.idle, mode: source.mode };
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
      // Merged, identified and sorted in one pass a slice at a time: a worldwide type answer's aircraft stay only if
      // they fight fires; those near a fire stay whatever they are.
      const kept: IdentifiedPosition[] = [];
      const keptAddresses = new Set<string>();
      let firefighting = 0;
      await forEachInSlices(reports, (position) => {
        const stored = known.get(position.icao24);
        const merged = {
          ...position,
          callsign: mergedCallsign(position, stored),
          registration: position.registration ?? stored?.registration ?? null,
          typeCode: position.typeCode ?? stored?.typeCode ?? null,
          operator: position.operator ?? stored?.operator ?? null,
        };
        const identification = deps.identifier.identify(merged);
        if (!identification.firefighting && feed.firefightingOnly.has(position.icao24)) return;
        kept.push({ ...merged, firefighting: identification.firefighting, firefightingReason: identification.reason, source: feed.format });
        keptAddresses.add(position.icao24);
        if (identification.firefighting) firefighting += 1;
      });
      // The geofence check reads the reports, not what is stored: it runs beside the upsert, on a connection of its own.
      const checked: AircraftPosition[] = [];
      if (deps.onPositions) {
        await forEachInSlices(feed.positions, (position) => {
          if (keptAddresses.has(position.icao24)) checked.push(position);
        });
      }
      const [{ stored, positions: trackPositions }, alerts] = await Promise.all([
        deps.aircraft.upsert(kept, known),
        deps.onPositions ? deps.onPositions(checked) : 0,
      ]);
      return {
        mode: source.mode,
        format: feed.format,
        received: feed.positions.length,
        skipped: feed.skipped,
        stored,
        trackPositions,
        firefighting,
        ...(source.mode === 'aggregator' ? { ignored: reports.length - kept.length } : {}),
        alerts,
        ...feed.details,
        rejected: feed.rejected,
      };
    },
  };
}
