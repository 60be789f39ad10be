// The minute under the pointer on the timeline's strip: the one whose bar is there. The hover words name it, and a
// press or a drag there picks it, by this one rule (a range input's own mapping takes its thumb's width out of the
// track, and put a click up to a minute beside the bar, and 12 minutes beside it with the inputs' padding).
// Pure: unit-tested from Node.

/** The strip draws minute i over [i, i + 1) / minutes of its width: the minute at a pointer's x, kept inside the strip. */
export function minuteAtPointer(clientX: number, box: { left: number; width: number }, minutes: number): number {
  const share = (clientX - box.left) / Math.max(1, box.width);
  return Math.min(minutes - 1, Math.max(0, Math.floor(share * minutes)));
}
