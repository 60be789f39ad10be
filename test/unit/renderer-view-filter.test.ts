import { describe, expect, it } from 'vitest';
import { chosenWindowHasEnded, DEFAULT_FILTER, describeFilter, endedWindowEnd, fireFilterParams, fireTileQuery, frpFloorOf, liveFirePasses, MAX_FRP_FLOOR_MW, narrowsFires, playbackReachStart, readFilter, type ViewFilter, windowRange, writeFilter } from '../../renderer/src/data/view-filter.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

describe('the view filter', () => {
  it('asks for the last 24 h and nothing else by default', () => {
    expect(fireFilterParams(DEFAULT_FILTER)).toEqual({ since: '24h' });
    expect(windowRange(DEFAULT_FILTER, NOW)).toEqual({ since: NOW - 24 * HOUR, until: null });
    expect(narrowsFires(DEFAULT_FILTER)).toBe(false);
    expect(writeFilter(DEFAULT_FILTER)).toBeNull();
  });

  it('turns each choice into the parameters every fire query takes', () => {
    const filter: ViewFilter = { ...DEFAULT_FILTER, window: '72h', confidence: ['high', 'nominal'], minFrp: 10, satellites: ['N', 'N20'], geofenceId: 'g-1', firefightingOnly: true };
    expect(fireFilterParams(filter)).toEqual({ since: '72h', confidence: 'high,nominal', minFrp: '10', satellites: 'N,N20', geofence: 'g-1' });
    expect(narrowsFires(filter)).toBe(true);
    expect(describeFilter(filter, String)).toEqual(['Last 72 h', 'inside geofence g-1', 'high or nominal confidence', 'FRP ≥ 10 MW', 'firefighting aircraft only', 'Suomi NPP, NOAA-20']);
    // Most satellites chosen: by the ones left out, after the other conditions.
    expect(describeFilter({ ...DEFAULT_FILTER, satellites: ['N', 'N20', 'N21', 'Aqua'], dayNight: 'day' }, String)).toEqual(['Last 24 h', 'day detections only', 'every satellite but Terra']);
  });

  it('a chosen window has ended once its end is now or past (the map then is not live); a preset window never ends', () => {
    const chosen = (to: number): ViewFilter => ({ ...DEFAULT_FILTER, window: 'custom', from: to - 24 * HOUR, to });
    expect(chosenWindowHasEnded(chosen(NOW - 60_000), NOW)).toBe(true);
    // "Custom" starts the window at the minute it is chosen: ended at once, as what arrives after it is not drawn.
    expect(chosenWindowHasEnded(chosen(NOW), NOW)).toBe(true);
    expect(chosenWindowHasEnded(chosen(NOW + 60_000), NOW)).toBe(false);
    expect(chosenWindowHasEnded({ ...DEFAULT_FILTER, window: '1h' }, NOW)).toBe(false);
    // Custom without both ends is read as the default day, which slides.
    expect(chosenWindowHasEnded({ ...DEFAULT_FILTER, window: 'custom', from: null, to: NOW - 60_000 }, NOW)).toBe(false);
  });

  it('day or night: a parameter, words, and the live fires it lets in', () => {
    const night: ViewFilter = { ...DEFAULT_FILTER, dayNight: 'night' };
    expect(fireFilterParams(night)).toEqual({ since: '24h', dayNight: 'night' });
    expect(narrowsFires(night)).toBe(true);
    expect(describeFilter(night, String)).toEqual(['Last 24 h', 'night detections only']);
    expect(liveFirePasses(night, { dayNight: 'N' })).toBe(true);
    expect(liveFirePasses(night, { dayNight: 'D' })).toBe(false);
    // Not said by FIRMS: left out, as the server leaves it out.
    expect(liveFirePasses(night, {})).toBe(false);
    expect(liveFirePasses(DEFAULT_FILTER, {})).toBe(true);
  });

  it('sends every level or every satellite as no condition at all', () => {
    const filter: ViewFilter = { ...DEFAULT_FILTER, confidence: ['low', 'nominal', 'high'], satellites: ['N', 'N20', 'N21', 'Terra', 'Aqua'] };
    expect(fireFilterParams(filter)).toEqual({ since: '24h' });
  });

  it('sends a custom window as two instants, and a window ending in the future ends now', () => {
    const filter: ViewFilter = { ...DEFAULT_FILTER, window: 'custom', from: NOW - 5 * HOUR, to: NOW - 2 * HOUR };
    expect(fireFilterParams(filter)).toEqual({ since: '2026-11-24T07:00:00.000Z', until: '2026-11-24T10:00:00.000Z' });
    expect(windowRange({ ...filter, to: NOW + HOUR }, NOW)).toEqual({ since: NOW - 5 * HOUR, until: NOW });
  });

  it('round-trips through the address, and drops what it cannot read', () => {
    const filter: ViewFilter = { ...DEFAULT_FILTER, window: 'custom', from: NOW - 5 * HOUR, to: NOW, confidence: ['high'], minFrp: 2.5, satellites: ['N21'], firefightingOnly: true, geofenceId: 'abc-123', dayNight: 'night' };
    const written = writeFilter(filter);
    expect(written).toBe(`w:custom:${NOW - 5 * HOUR}:${NOW};c:high;frp:2.5;sat:N21;ff;g:abc-123;dn:night`);
    expect(readFilter(written)).toEqual(filter);
    expect(readFilter('w:9y;c:huge;frp:-3;sat:X;g:<script>;zz;dn:dusk')).toEqual(DEFAULT_FILTER);
    expect(readFilter('w:custom:20:10')).toEqual(DEFAULT_FILTER);
    expect(readFilter('frp:100000').minFrp).toBe(100_000);
    expect(readFilter('frp:100001').minFrp).toBeNull();
  });

  it('reads the FRP box: below 0 is any with a note, above the API ceiling is the ceiling with a note, hundredths kept', () => {
    expect(frpFloorOf('')).toEqual({ minFrp: null, note: null });
    expect(frpFloorOf('0')).toEqual({ minFrp: null, note: null });
    expect(frpFloorOf('-5')).toEqual({ minFrp: null, note: 'negative' });
    expect(frpFloorOf('12.345')).toEqual({ minFrp: 12.35, note: null });
    // A step below a hundredth would be written 1e-7, which the API refuses: it is the smallest floor written.
    expect(frpFloorOf('0.0000001')).toEqual({ minFrp: 0.01, note: null });
    expect(frpFloorOf('1e6')).toEqual({ minFrp: MAX_FRP_FLOOR_MW, note: 'too-high' });
    expect(frpFloorOf('100000')).toEqual({ minFrp: 100_000, note: null });
    // What the API is sent is a plain decimal it takes, and the HUD's words group the thousands.
    expect(fireFilterParams({ ...DEFAULT_FILTER, minFrp: frpFloorOf('1e6').minFrp }).minFrp).toBe('100000');
    expect(describeFilter({ ...DEFAULT_FILTER, minFrp: 100_000 }, String)).toContain('FRP ≥ 100,000 MW');
    // The geofence by its name, or by its id while the fences are not read yet.
    expect(describeFilter({ ...DEFAULT_FILTER, geofenceId: '7' }, String, 'Ridge fence')).toEqual(['Last 24 h', 'inside “Ridge fence”']);
    expect(describeFilter({ ...DEFAULT_FILTER, geofenceId: '7' }, String)).toEqual(['Last 24 h', 'inside geofence 7']);
  });
});

describe("the map's reach in playback", () => {
  const MINUTE = 60_000;
  it('covers the window before the cursor, from the start of its hour; none live', () => {
    const cursor = Date.parse('2026-11-24T10:48:00Z');
    const sixHours: ViewFilter = { ...DEFAULT_FILTER, window: '6h' };
    // The window of the minute 10:48 is [04:49, 10:49): from 04:00.
    expect(playbackReachStart(sixHours, cursor, NOW)).toBe(Date.parse('2026-11-24T04:00:00Z'));
    // 10:58's is [04:59, 10:59), 10:59's [05:00, 11:00).
    expect(playbackReachStart(sixHours, cursor + 10 * MINUTE, NOW)).toBe(Date.parse('2026-11-24T04:00:00Z'));
    expect(playbackReachStart(sixHours, cursor + 11 * MINUTE, NOW)).toBe(Date.parse('2026-11-24T05:00:00Z'));
    expect(playbackReachStart(DEFAULT_FILTER, cursor, NOW)).toBe(Date.parse('2026-11-23T10:00:00Z'));
    expect(playbackReachStart(sixHours, null, NOW)).toBeNull();
  });

  it('leaves a chosen window its own ends', () => {
    const chosen: ViewFilter = { ...DEFAULT_FILTER, window: 'custom', from: NOW - 30 * HOUR, to: NOW - HOUR };
    expect(playbackReachStart(chosen, NOW - 2 * HOUR, NOW)).toBeNull();
  });

  it('is the fire reads\' start, tiles included, in place of the window\'s span', () => {
    const reach = Date.parse('2026-11-24T04:00:00Z');
    const filter: ViewFilter = { ...DEFAULT_FILTER, window: '6h', minFrp: 20 };
    expect(fireFilterParams(filter, reach)).toEqual({ since: '2026-11-24T04:00:00.000Z', minFrp: '20' });
    expect(fireFilterParams(filter)).toEqual({ since: '6h', minFrp: '20' });
    expect(fireTileQuery(DEFAULT_FILTER, reach)).toBe('since=2026-11-24T04%3A00%3A00.000Z');
    expect(fireTileQuery(DEFAULT_FILTER)).toBe('');
  });
});

describe('where the timeline ends for a chosen window', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  const custom = (from: string, to: string) => ({ ...readFilter(null), window: 'custom' as const, from: Date.parse(from), to: Date.parse(to) });

  it('ends an ended window at the end of the minute holding its end', () => {
    expect(endedWindowEnd(custom('2026-11-27T00:00:00Z', '2026-11-28T00:00:00Z'), now)).toBe(Date.parse('2026-11-28T00:00:00Z'));
    expect(endedWindowEnd(custom('2026-11-27T00:00:00Z', '2026-11-28T06:30:20Z'), now)).toBe(Date.parse('2026-11-28T06:31:00Z'));
  });

  it('leaves a running window, a preset one and a custom one without ends to now', () => {
    expect(endedWindowEnd(custom('2026-11-30T00:00:00Z', '2026-11-30T13:00:00Z'), now)).toBeNull();
    expect(endedWindowEnd(readFilter('w:7d'), now)).toBeNull();
    expect(endedWindowEnd({ ...readFilter(null), window: 'custom', from: null, to: null }, now)).toBeNull();
  });
});

