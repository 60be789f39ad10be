// What the playback bar says of the aircraft at the cursor's minute when none can be there: positions are kept only
// from the app's first poll (and for the retention's days), so a minute before it showed 0 aircraft without a word.
import type { AircraftRecorded } from '../api/api-types.js';

/**
 * Null when the minute lies where positions are kept (or the span is not known yet). `formatTime`: how the start of the
 * recording is written (on screen: in UTC and on the wall clock, each with its day, as the cursor's minute).
 */
export function aircraftRecordedNote(
  recorded: AircraftRecorded | null,
  minuteStart: number,
  formatTime: (epochMs: number) => string,
  gap: AircraftGap | null = null,
): string | null {
  if (!recorded) return null;
  if (recorded.from === null) return 'No aircraft recorded yet: positions are kept from the first poll on.';
  const from = Date.parse(recorded.from);
  // The whole minute before the first position: nothing of it was recorded.
  if (minuteStart + 60_000 <= from) return `No aircraft before ${formatTime(from)}: positions are kept from the first poll on.`;
  // A minute in a gap of the recording: its 0 aircraft were not "none flying".
  if (gap?.from) {
    const last = formatTime(Date.parse(gap.from));
    return gap.to === null
      ? `No aircraft positions kept after ${last}: the feed has given none since.`
      : `No aircraft positions kept from ${last} to ${formatTime(Date.parse(gap.to))}: the app was closed, or the feed gave none.`;
  }
  return null;
}

/** A gap of the aircraft recording: the last position kept before it and the first after (null: none). */
export type AircraftGap = NonNullable<AircraftRecorded['gap']>;
