// What the export will hold, in a line: the filter's window and conditions are the fires'; aircraft are where they
// are now and incidents as they stand (the export reads them so, whatever the window); a geofence narrows them all.
// Pure: unit-tested from Node.
import { INSIDE_PREFIX } from './view-filter.js';

/** `filterWords`: describeFilter's words (the window first; "firefighting aircraft only" is the aircraft's). */
export function exportWhat(layers: ReadonlyArray<'fires' | 'aircraft' | 'incidents'>, filterWords: readonly string[]): string {
  if (layers.length === 0) return 'Show fires, aircraft or incidents to export them.';
  const firefightingOnly = filterWords.includes('firefighting aircraft only');
  // A geofence narrows every layer: said once, beside "In view".
  const inside = filterWords.find((word) => word.startsWith(INSIDE_PREFIX));
  const [window = '', ...conditions] = filterWords.filter((word) => word !== 'firefighting aircraft only' && word !== inside);
  const parts: string[] = [];
  if (layers.includes('fires')) parts.push(`fires of ${window.replace(/^Last /, 'the last ')}${conditions.length > 0 ? ` (${conditions.join(', ')})` : ''}`);
  if (layers.includes('aircraft')) parts.push(firefightingOnly ? 'firefighting aircraft now' : 'aircraft now');
  if (layers.includes('incidents')) parts.push('incidents as they stand');
  return `In view${inside ? ` and ${inside}` : ''}: ${parts.join('; ')}.`;
}
