// Where the playback cursor goes when the timeline's range changes. No imports: pure, unit-tested from Node.

/**
 * The cursor after the range changes (the range ends at the same minute): the same minute when it is
 * still inside the new range, else the nearest end of it — never a minute past the range (the future).
 */
export function cursorForRange(cursor: number | null, oldMinutes: number, newMinutes: number): number | null {
  if (cursor === null) return null;
  const minutesBeforeEnd = oldMinutes - cursor;
  return Math.min(newMinutes - 1, Math.max(0, newMinutes - minutesBeforeEnd));
}
