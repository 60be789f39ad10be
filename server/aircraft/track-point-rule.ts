// When a report joins an aircraft's track (aircraft_positions): when nothing is stored of the aircraft, or the
// report is later than the stored one and moved, climbed or sank, landed or took off — or a minute has passed, so
// that an aircraft standing still is still found by playback. A late report, or the same position and time again,
// is not written (unless what is stored is dated ahead of the clock). Decided against the row as it was read before
// the poll's upsert.

/** An aircraft whose report neither moved nor changed still gets a track point this often (seconds). */
export const STILL_POSITION_EVERY_SECONDS = 60;

export interface TrackFacts {
  longitude: number;
  latitude: number;
  altitudeFt: number | null;
  onGround: boolean;
  /** ISO 8601 in reports; a Date when read from the database. */
  seenAt: string | Date;
}

const millis = (seenAt: string | Date) => (typeof seenAt === 'string' ? Date.parse(seenAt) : seenAt.getTime());

/**
 * `now`: this computer's clock. A stored report dated after it does not hold back the ones dated before it: the clock
 * was set back since that report was stored (or its receiver's clock runs fast), and the aircraft's track would
 * otherwise stop for the length of the step.
 */
export function startsTrackPoint(report: TrackFacts, stored: TrackFacts | undefined, now: number): boolean {
  if (!stored) return true;
  const reportedAt = millis(report.seenAt);
  const storedAt = millis(stored.seenAt);
  if (!(reportedAt > storedAt) && !(storedAt > now)) return false;
  return (
    report.longitude !== stored.longitude ||
    report.latitude !== stored.latitude ||
    report.altitudeFt !== stored.altitudeFt ||
    report.onGround !== stored.onGround ||
    reportedAt >= storedAt + STILL_POSITION_EVERY_SECONDS * 1000
  );
}
