// Incidents drawn faded: prescribed burns, those 100 % contained, and those discovered more than a month ago. The feed
// of current incidents keeps many a sub-acre start for months, and in spring as many prescribed burns as a third of
// it; at full strength hundreds of them hid the fires of a city.
// Pure (`.js` specifiers): unit-tested from Node.
import type { Incident } from '../api/api-types.js';

/** Discovered longer ago than this, an incident is drawn faded. */
export const QUIET_AFTER_DAYS = 30;

export function incidentIsQuiet(incident: Pick<Incident, 'kind' | 'percentContained' | 'discoveredAt'>, now: number): boolean {
  if (incident.kind === 'prescribed') return true;
  if (incident.percentContained !== null && incident.percentContained >= 100) return true;
  const discovered = incident.discoveredAt ? Date.parse(incident.discoveredAt) : Number.NaN;
  return Number.isFinite(discovered) && now - discovered > QUIET_AFTER_DAYS * 86_400_000;
}
