// The renderer's pure state: the playback timeline's reducer, the geofence draft's reducer, the shared time spans.
import { describe, expect, it } from 'vitest';
import { axisTicks, tickSpacingMinutes } from '../../renderer/src/data/playback-axis.js';
import { initialTimeline, liveEnd, PLAYBACK_SPEEDS, playbackReducer, playbackStep, rangeForWindow, rangeLabel, rangesOffered, rangeWords, speedLabel, timelineAt } from '../../renderer/src/data/playback-cursor.js';
import { MAP_WINDOW_MS, MAP_WINDOW_SECONDS, MAP_WINDOW_SINCE } from '../../renderer/src/data/time-windows.js';
import { bboxOfShape } from '../../renderer/src/map/bbox-of-shape.js';
import { draftReducer, NO_DRAFT } from '../../renderer/src/ui/geofence-draft.js';

const NOW = Date.parse('2026-11-22T12:00:30Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the map window', () => {
  it('is the last 24 h in every unit the screen uses', () => {
    expect(MAP_WINDOW_MS).toBe(86_400_000);
    expect(MAP_WINDOW_SECONDS).toBe(86_400);
    expect(MAP_WINDOW_SINCE).toBe('24h');
  });
});

describe('playbackReducer', () => {
  const live = initialTimeline(NOW, 6);

  it("opens in the range that shows the Layers tab's window whole: the shortest that holds it, else the longest", () => {
    expect(rangeForWindow(HOUR)).toBe(1);
    expect(rangeForWindow(6 * HOUR)).toBe(6);
    expect(rangeForWindow(24 * HOUR)).toBe(24);
    expect(rangeForWindow(90 * MINUTE)).toBe(6);
    // The 72 h and 7-day windows are played whole (they were played as their last 24 h); a longer chosen window as
    // far back as playback goes.
    expect(rangeForWindow(25 * HOUR)).toBe(72);
    expect(rangeForWindow(72 * HOUR)).toBe(72);
    expect(rangeForWindow(7 * 24 * HOUR)).toBe(168);
    expect(rangeForWindow(30 * 24 * HOUR)).toBe(168);
  });

  it('offers the ranges up to 24 h, and the 72 h and 7 days ones only when the window or the range in use is as long', () => {
    expect(rangesOffered(1, 1)).toEqual([1, 6, 24]);
    expect(rangesOffered(24, 6)).toEqual([1, 6, 24]);
    expect(rangesOffered(72, 72)).toEqual([1, 6, 24, 72]);
    expect(rangesOffered(168, 24)).toEqual([1, 6, 24, 72, 168]);
    // A link's minute three days back, under the 24 h window: the range it opened in is on offer.
    expect(rangesOffered(24, 72)).toEqual([1, 6, 24, 72]);
    expect([1, 24, 72, 168].map(rangeLabel)).toEqual(['1 h', '24 h', '72 h', '7 d']);
    expect([6, 72, 168].map(rangeWords)).toEqual(['6 h', '72 h', '7 days']);
    expect(PLAYBACK_SPEEDS.map(speedLabel)).toEqual(['1 min/s', '4 min/s', '10 min/s', '1 h/s']);
  });

  it('starts live over its range, ending after the current minute', () => {
    expect(live).toEqual({ hours: 6, end: Date.parse('2026-11-22T12:01:00Z'), cursor: null, playing: false, speed: 10 });
  });

  it('moves the end with the clock while live, and not once a minute is chosen', () => {
    const later = NOW + 5 * MINUTE;
    expect(playbackReducer(live, { type: 'tick', now: later }).end).toBe(liveEnd(later));
    const chosen = playbackReducer(live, { type: 'seek', minute: 100 });
    expect(playbackReducer(chosen, { type: 'tick', now: later })).toBe(chosen);
  });

  it('keeps the chosen minute across a range change when it is still inside', () => {
    const chosen = playbackReducer(live, { type: 'seek', minute: 350 });
    expect(playbackReducer(chosen, { type: 'range', hours: 1 })).toMatchObject({ hours: 1, cursor: 50 });
  });

  it('returns to live with the end at the current minute', () => {
    const chosen = playbackReducer(live, { type: 'seek', minute: 10 });
    const later = NOW + 30 * MINUTE;
    expect(playbackReducer(chosen, { type: 'live', now: later })).toEqual({ hours: 6, end: liveEnd(later), cursor: null, playing: false, speed: 10 });
  });

  it('steps by minutes within the range; from live, back from the last minute; forward past the last minute, live', () => {
    expect(playbackReducer(live, { type: 'step', minutes: -1, now: NOW }).cursor).toBe(358);
    const chosen = playbackReducer(live, { type: 'seek', minute: 1 });
    expect(playbackReducer(chosen, { type: 'step', minutes: -5, now: NOW }).cursor).toBe(0);
    expect(playbackReducer(chosen, { type: 'step', minutes: 60, now: NOW }).cursor).toBe(61);
    expect(playbackReducer({ ...chosen, cursor: 357 }, { type: 'step', minutes: 1, now: NOW }).cursor).toBe(358);
    // From the last minute (or a step reaching past it), live from the minute it is now; forward from live, still live.
    const later = NOW + 30 * MINUTE;
    expect(playbackReducer({ ...chosen, cursor: 359 }, { type: 'step', minutes: 1, now: later })).toEqual({ ...live, end: liveEnd(later), cursor: null, playing: false });
    expect(playbackReducer({ ...chosen, cursor: 358 }, { type: 'step', minutes: 5, now: later })).toMatchObject({ cursor: null, end: liveEnd(later) });
    expect(playbackReducer(live, { type: 'step', minutes: 1, now: later })).toBe(live);
    // Onto the last minute while it is still the minute under way (−1 then +1 from live): live; once the clock has
    // moved on, that minute is past and shown.
    const back = playbackReducer(live, { type: 'step', minutes: -1, now: NOW });
    expect(playbackReducer(back, { type: 'step', minutes: 1, now: NOW })).toMatchObject({ cursor: null, end: liveEnd(NOW) });
    expect(playbackReducer(back, { type: 'step', minutes: 1, now: later }).cursor).toBe(359);
  });

  it('plays from the start of the range (from live), advances by the speed, shows the last minute, then is live', () => {
    const playing = playbackReducer(live, { type: 'play' });
    expect(playing).toMatchObject({ cursor: 0, playing: true });
    expect(playbackReducer(playing, { type: 'advance', minutes: 1, now: NOW }).cursor).toBe(1);
    // Whole minutes only: the hook carries fractions over to the next step.
    expect(playbackReducer(playing, { type: 'advance', minutes: 6.7, now: NOW }).cursor).toBe(6);
    const nearEnd = { ...playing, cursor: 356 };
    const atLast = playbackReducer(nearEnd, { type: 'advance', minutes: 6, now: NOW });
    expect(atLast).toMatchObject({ cursor: 359, playing: true });
    const later = NOW + 6 * MINUTE;
    expect(playbackReducer(atLast, { type: 'advance', minutes: 1, now: later })).toEqual({ ...live, end: liveEnd(later), cursor: null, playing: false });
    // A paused timeline does not move; a seek while playing keeps playing from there.
    const paused = playbackReducer(playing, { type: 'pause' });
    expect(playbackReducer(paused, { type: 'advance', minutes: 1, now: NOW })).toBe(paused);
    expect(playbackReducer(playing, { type: 'seek', minute: 100 })).toMatchObject({ cursor: 100, playing: true });
    // Play at the last minute starts over; a step pauses.
    expect(playbackReducer({ ...paused, cursor: 359 }, { type: 'play' }).cursor).toBe(0);
    expect(playbackReducer(playing, { type: 'step', minutes: 1, now: NOW }).playing).toBe(false);
  });

  it('plays 1, 4 and 10 minutes a second a minute at a time, 60 in steps of 6 (at most 10 steps a second)', () => {
    expect(playbackStep(1)).toEqual({ everyMs: 1000, minutes: 1 });
    expect(playbackStep(4)).toEqual({ everyMs: 250, minutes: 1 });
    expect(playbackStep(10)).toEqual({ everyMs: 100, minutes: 1 });
    expect(playbackStep(60)).toEqual({ everyMs: 100, minutes: 6 });
  });
});

describe('the timeline a link opens at a minute', () => {
  const minuteOf = (timeline: ReturnType<typeof timelineAt>) =>
    timeline.cursor === null ? null : timeline.end - timeline.hours * 60 * MINUTE + timeline.cursor * MINUTE;

  it('pauses on that minute in the range it is given (6 h), as the cursor left it', () => {
    const chosen = playbackReducer(initialTimeline(NOW, 6), { type: 'seek', minute: 30 });
    const minute = minuteOf(chosen)!;
    // Reopened five minutes later: the same minute, the range ending at the new now.
    const reopened = timelineAt(minute, NOW + 5 * MINUTE, 6);
    expect(reopened).toMatchObject({ hours: 6, end: liveEnd(NOW + 5 * MINUTE), cursor: 25, playing: false });
    expect(minuteOf(reopened)).toBe(minute);
  });

  it('takes any instant in the minute as the minute; the current minute is the last on the timeline', () => {
    expect(minuteOf(timelineAt(Date.parse('2026-11-22T11:00:45Z'), NOW, 6))).toBe(Date.parse('2026-11-22T11:00:00Z'));
    expect(timelineAt(Date.parse('2026-11-22T12:00:00Z'), NOW, 6)).toMatchObject({ hours: 6, cursor: 359 });
  });

  it('opens the 24 h range for a minute further back than 6 h', () => {
    const minute = Date.parse('2026-11-21T20:00:00Z');
    const reopened = timelineAt(minute, NOW, 6);
    expect(reopened.hours).toBe(24);
    expect(minuteOf(reopened)).toBe(minute);
    // The oldest minute of the day-long range is still in it.
    expect(timelineAt(Date.parse('2026-11-21T12:01:00Z'), NOW, 6)).toMatchObject({ hours: 24, cursor: 0 });
  });

  it('opens the 72 h or 7 days range for a minute further back than a day, up to a week', () => {
    const threeDays = Date.parse('2026-11-19T13:00:00Z');
    expect(timelineAt(threeDays, NOW, 24)).toMatchObject({ hours: 72 });
    expect(minuteOf(timelineAt(threeDays, NOW, 24))).toBe(threeDays);
    const sixDays = Date.parse('2026-11-16T12:30:00Z');
    expect(timelineAt(sixDays, NOW, 24)).toMatchObject({ hours: 168 });
    expect(minuteOf(timelineAt(sixDays, NOW, 24))).toBe(sixDays);
    // Under the 7-day window, a minute an hour back opens in the window's range, not the shortest.
    expect(timelineAt(NOW - HOUR, NOW, 168)).toMatchObject({ hours: 168, cursor: 168 * 60 - 61 });
  });

  it('is live for no minute, a minute still to come, and one older than the longest range', () => {
    const live = initialTimeline(NOW, 6);
    expect(timelineAt(null, NOW, 6)).toEqual(live);
    expect(timelineAt(Date.parse('2026-11-22T12:01:00Z'), NOW, 6)).toEqual(live);
    expect(timelineAt(Date.parse('2027-01-01T00:00:00Z'), NOW, 6)).toEqual(live);
    expect(timelineAt(Date.parse('2026-11-15T12:00:00Z'), NOW, 6)).toEqual(live);
    expect(timelineAt(0, NOW, 6)).toEqual(live);
    expect(timelineAt(Number.NaN, NOW, 6)).toEqual(live);
  });
});

describe('draftReducer', () => {
  const square = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };

  it('counts corners while drawing and keeps the finished shape (its closing corner not counted)', () => {
    const drawing = draftReducer(NO_DRAFT, { type: 'start' });
    expect(drawing).toEqual({ purpose: 'geofence', drawing: true, points: 0, polygon: null });
    expect(draftReducer(drawing, { type: 'corners', points: 3 })).toEqual({ purpose: 'geofence', drawing: true, points: 3, polygon: null });
    expect(draftReducer(drawing, { type: 'finished', polygon: square })).toEqual({ purpose: 'geofence', drawing: false, points: 4, polygon: square });
  });

  it('keeps what the shape is for (a geofence, or the FIRMS area) until cleared', () => {
    const area = draftReducer(NO_DRAFT, { type: 'start', purpose: 'area' });
    expect(draftReducer(area, { type: 'finished', polygon: square })).toMatchObject({ purpose: 'area', polygon: square });
  });

  it('clears to no draft', () => {
    expect(draftReducer({ purpose: 'geofence', drawing: false, points: 4, polygon: square }, { type: 'clear' })).toBe(NO_DRAFT);
  });
});

describe('a drawn shape as the FIRMS area', () => {
  it('is its bounding box, widened outwards to a thousandth of a degree, within the globe', () => {
    const shape = { type: 'Polygon' as const, coordinates: [[[-121.49123, 38.1], [-120.0004, 38.58119], [-121.2, 39.2], [-121.49123, 38.1]]] };
    expect(bboxOfShape(shape)).toBe('-121.492,38.1,-120,39.2');
    const huge = { type: 'Polygon' as const, coordinates: [[[-190, -95], [190, -95], [190, 95], [-190, -95]]] };
    expect(bboxOfShape(huge)).toBe('-180,-90,180,90');
  });
});

describe('the playback time axis', () => {
  const from = Date.parse('2026-11-22T06:07:00Z');

  it('labels round local times, spaced for the range', () => {
    expect(tickSpacingMinutes(60)).toBe(10);
    expect(tickSpacingMinutes(360)).toBe(60);
    expect(tickSpacingMinutes(1440)).toBe(180);
    expect(tickSpacingMinutes(72 * 60)).toBe(720);
    expect(tickSpacingMinutes(168 * 60)).toBe(1440);
    // A week: a label at each local midnight, seven of them, each a day.
    const week = axisTicks(Date.parse('2026-11-15T12:01:00Z'), 168 * 60, 0);
    expect(week.map((tick) => new Date(tick.time).toISOString().slice(0, 16))).toEqual(['2026-11-16T00:00', '2026-11-17T00:00', '2026-11-18T00:00', '2026-11-19T00:00', '2026-11-20T00:00', '2026-11-21T00:00', '2026-11-22T00:00']);
    expect(week.every((tick) => tick.startsDay)).toBe(true);
    const hourly = axisTicks(from, 360, 0);
    expect(hourly.map((tick) => new Date(tick.time).toISOString().slice(11, 16))).toEqual(['07:00', '08:00', '09:00', '10:00', '11:00', '12:00']);
    expect(hourly[0]?.at).toBeCloseTo(53 / 360, 6);
    expect(axisTicks(from, 60, 0).map((tick) => new Date(tick.time).toISOString().slice(11, 16))).toEqual(['06:10', '06:20', '06:30', '06:40', '06:50', '07:00']);
  });

  it('falls on the wall clock of a zone with a half-hour offset', () => {
    // India, UTC+5:30: local 12:00 is 06:30 UTC.
    const ticks = axisTicks(from, 360, 330);
    expect(new Date(ticks[0]!.time).toISOString().slice(11, 16)).toBe('06:30');
    expect(ticks.every((tick) => tick.at >= 0 && tick.at < 1)).toBe(true);
  });

  it('marks the tick at midnight on the wall clock, where a day begins', () => {
    const evening = Date.parse('2026-11-27T04:07:00Z');
    // UTC: 06:00 … 03:00 next day, midnight among them.
    const utc = axisTicks(Date.parse('2026-11-26T04:07:00Z'), 1440, 0);
    expect(utc.filter((tick) => tick.startsDay).map((tick) => new Date(tick.time).toISOString())).toEqual(['2026-11-27T00:00:00.000Z']);
    // Los Angeles (UTC−8): its midnight is 08:00 UTC.
    const losAngeles = axisTicks(evening, 1440, -480);
    expect(losAngeles.filter((tick) => tick.startsDay).map((tick) => new Date(tick.time).toISOString())).toEqual(['2026-11-27T08:00:00.000Z']);
    // An hour without a midnight has none.
    expect(axisTicks(Date.parse('2026-11-27T10:07:00Z'), 60, 0).some((tick) => tick.startsDay)).toBe(false);
  });

  describe('across a daylight-saving change (New York, read from the time-zone database)', () => {
    const newYork = zoneOffset('America/New_York');
    const utc = (ticks: ReturnType<typeof axisTicks>) => ticks.map((tick) => new Date(tick.time).toISOString().slice(11, 16));

    it('puts the ticks after the change on round local times too, midnight marked where it is', () => {
      // 12:07 EDT on 31 Oct 2026 to 11:07 EST on 1 Nov: the clocks went back at 06:00 UTC.
      const ticks = axisTicks(Date.parse('2026-10-31T16:07:00Z'), 1440, newYork);
      expect(ticks.map((tick) => localClock(tick.time, 'America/New_York'))).toEqual(['15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00']);
      expect(utc(ticks)).toEqual(['19:00', '22:00', '01:00', '04:00', '08:00', '11:00', '14:00']);
      expect(ticks.filter((tick) => tick.startsDay).map((tick) => new Date(tick.time).toISOString())).toEqual(['2026-11-01T04:00:00.000Z']);
    });

    it('has no tick in the hour the clock skips', () => {
      // 01:27 EST to 03:27 EDT on 14 Mar 2027: 02:00–03:00 never shows on the wall clock.
      const ticks = axisTicks(Date.parse('2027-03-14T06:27:00Z'), 60, newYork);
      expect(ticks.map((tick) => localClock(tick.time, 'America/New_York'))).toEqual(['01:30', '01:40', '01:50', '03:00', '03:10', '03:20']);
    });

    it('has both ticks of a time the clock shows twice', () => {
      // 01:27 EDT to 01:27 EST on 1 Nov 2026.
      const ticks = axisTicks(Date.parse('2026-11-01T05:27:00Z'), 60, newYork);
      expect(utc(ticks)).toEqual(['05:30', '05:40', '05:50', '06:00', '06:10', '06:20']);
      expect(ticks.map((tick) => localClock(tick.time, 'America/New_York'))).toEqual(['01:30', '01:40', '01:50', '01:00', '01:10', '01:20']);
      expect(ticks.every((tick, index) => index === 0 || tick.at > ticks[index - 1]!.at)).toBe(true);
    });
  });
});

/** Minutes east of UTC of a zone at an instant, from the time-zone database (Intl). */
function zoneOffset(zone: string): (epochMs: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  return (epochMs) => {
    const part = Object.fromEntries(format.formatToParts(new Date(epochMs)).map(({ type, value }) => [type, Number(value)]));
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
    return Math.round((wall - epochMs) / 60_000);
  };
}

/** The wall clock of a zone at an instant, HH:MM. */
function localClock(epochMs: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(epochMs));
}
