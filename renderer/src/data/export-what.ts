// What the export will hold, in a line: the filter's window and conditions are the fires'; the events (news stories,
// alerts) are of the same window; aircraft are where they are now and incidents as they stand (the export reads them
// so, whatever the window), or in playback where they were at the cursor's minute and those discovered by then; a
// geofence narrows them all.
// Pure: unit-tested from Node.
import { INSIDE_PREFIX } from './view-filter.js';

/**
 * `filterWords`: describeFilter's words (the window first; "firefighting aircraft only" is the aircraft's); in
 * playback the window is the one before the cursor ("24 h to 10:36 UTC") and `playbackAt` names that minute.
 */
export function exportWhat(layers: ReadonlyArray<'fires' | 'aircraft' | 'incidents' | 'events'>, filterWords: readonly string[], playbackAt: string | null = null): string {
  if (layers.length === 0) return 'Show fires, aircraft, incidents or news and events to export them.';
  const firefightingOnly = filterWords.includes('firefighting aircraft only');
  // A geofence narrows every layer: said once, beside "In view".
  const inside = filterWords.find((word) => word.startsWith(INSIDE_PREFIX));
  const [window = '', ...conditions] = filterWords.filter((word) => word !== 'firefighting aircraft only' && word !== inside);
  const parts: string[] = [];
  const fires = playbackAt ? `the ${window}` : window.replace(/^Last /, 'the last ');
  if (layers.includes('fires')) parts.push(`fires of ${fires}${conditions.length > 0 ? ` (${conditions.join(', ')})` : ''}`);
  const when = playbackAt ? `at ${playbackAt}` : 'now';
  if (layers.includes('aircraft')) parts.push(firefightingOnly ? `firefighting aircraft ${when}` : `aircraft ${when}`);
  if (layers.includes('incidents')) parts.push(playbackAt ? 'incidents discovered by then' : 'incidents as they stand');
  // The fires' window without their conditions, which are the fires' alone; named once when both are exported.
  if (layers.includes('events')) parts.push(layers.includes('fires') ? 'news and events of the same window' : `news and events of ${fires}`);
  return `In view${inside ? ` and ${inside}` : ''}: ${parts.join('; ')}.`;
}
