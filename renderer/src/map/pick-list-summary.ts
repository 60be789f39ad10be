// What a long list of fire detections under one click holds, said above it: when they were detected, the strongest,
// and by which satellites. A click on a cluster at country zoom listed 468 rows alike ("Fire detection · Terra ·
// 23.5 MW · …") with nothing that told them apart at a glance. Pure and DOM-free (`.js` specifiers): unit-tested from
// Node.
import { satelliteLabel } from '../format/satellite-label.js';
import { formatShortUtc, toDate } from '../format/time-format.js';
import type { PickProps } from './pick-label.js';

/** From this many fire detections a list says what they hold and offers to zoom in on them. */
export const MANY_FIRES = 10;

const isFire = (props: PickProps) => props.kind === 'fire' || props.kind === 'fire-live';

/** The summary's lines, or null for a list of fewer than MANY_FIRES fire detections. */
export function fireListSummary(objects: readonly PickProps[]): string[] | null {
  const fires = objects.filter(isFire);
  if (fires.length < MANY_FIRES) return null;
  const times = fires.map((props) => toDate(props.acqTime as string | number | undefined)?.getTime()).filter((time): time is number => time !== undefined);
  const powers = fires.map((props) => props.frp).filter((frp): frp is number => typeof frp === 'number' && Number.isFinite(frp));
  const satellites = new Map<string, number>();
  for (const props of fires) {
    const name = typeof props.satellite === 'string' && props.satellite !== '' ? satelliteLabel(props.satellite) : null;
    if (name) satellites.set(name, (satellites.get(name) ?? 0) + 1);
  }
  const lines: string[] = [];
  if (times.length > 0) {
    const [oldest, newest] = [Math.min(...times), Math.max(...times)];
    lines.push(oldest === newest ? `Detected ${formatShortUtc(new Date(newest))}` : `Detected ${formatShortUtc(new Date(oldest))} – ${formatShortUtc(new Date(newest))}`);
  }
  if (powers.length > 0) lines.push(`Strongest ${Math.max(...powers).toFixed(1)} MW`);
  // "By Suomi NPP (N) 20" read as a satellite's name with a number in it.
  if (satellites.size === 1 && satellites.values().next().value === fires.length) {
    lines.push(`All by ${[...satellites.keys()][0]}`);
  } else if (satellites.size > 0) {
    const bySatellite = [...satellites].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name, count]) => `${count.toLocaleString('en-US')} by ${name}`);
    lines.push(bySatellite.join(', '));
  }
  return lines;
}

/**
 * Whether every object of a list lies at one position (the points' own coordinates): zooming in would not part them
 * (twenty detections of one FIRMS pixel at zoom 9, and "Zoom in on them" showed the same one dot at 12). Only for
 * exact positions: a vector tile's grid puts detections a few hundred metres apart on one spot.
 */
export function allAtOnePlace(objects: readonly PickProps[]): boolean {
  const positions = objects.map((props) => props.position);
  const [first] = positions;
  if (!Array.isArray(first)) return false;
  return positions.every((position) => Array.isArray(position) && position[0] === first[0] && position[1] === first[1]);
}
