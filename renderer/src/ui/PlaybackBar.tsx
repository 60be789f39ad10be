// The timeline along the bottom: minute counts from /api/playback over a labelled time axis, a cursor that shows the
// map as of that minute (fires up to it, density cells of the hour before), play/pause, a step back and forward, the
// speed, and Live to return.
import { type PointerEvent, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { axisTicks } from '../data/playback-axis';
import { PLAYBACK_RANGE_HOURS, PLAYBACK_SPEEDS, type PlaybackSpeed, rangeForWindow, rangeLabel, rangeMovesCursor, rangesOffered, rangeWords, speedLabel } from '../data/playback-cursor';
import { minuteAtPointer } from '../data/slider-minute';
import { MINUTE_MS } from '../data/time-windows';
import { countsPerBar, histogramPaths, minutesPerBar } from '../data/playback-histogram';
import { usePlaybackCursor } from '../data/use-playback-cursor';
import { minuteHoverWords, timelineTotalWords, totalsBySource } from '../data/timeline-total-words';
import { usePlaybackHistogram } from '../data/use-playback-histogram';
import { usePlaybackMap } from '../data/use-playback-map';
import { endedWindowEnd, hasChosenWindow, narrowsFires, presetWindowLabel, type ViewFilter, windowSpanMs } from '../data/view-filter';
import { useAircraftRecorded } from '../data/use-aircraft-recorded';
import { useAircraftGap } from '../data/use-aircraft-gap';
import { aircraftRecordedNote } from '../data/aircraft-recorded-note';
import { formatClock, formatClockWithZone, formatLocalDay, formatMinuteBoth } from '../format/time-format';
import type { MapController, MapViewport } from '../map/map-controller';
import { isTypingTarget, singleKeyShortcutsOn, spaceActivates } from '../data/single-key-shortcuts';

const WIDTH = 1000;
const HEIGHT = 40;
/** A press's focus: no scroll, no ring (focusVisible, in Chromium since 2024, is not yet in TypeScript's DOM types). */
const PRESS_FOCUS: FocusOptions & { focusVisible: boolean } = { preventScroll: true, focusVisible: false };

/** Why a link's minute opened live: "The link's minute, 20 Nov 12:00 UTC, is further back than the timeline reaches (7 days): showing now." */
function unreachableMinuteWords(minute: number, now: number): string {
  const when = formatMinuteBoth(new Date(minute));
  return minute + MINUTE_MS > now ? `The link's minute, ${when}, has not yet passed: showing now.` : `The link's minute, ${when}, is further back than the timeline reaches (${rangeWords(PLAYBACK_RANGE_HOURS.at(-1)!)}): showing now.`;
}

/** `viewport` is null until the map is ready: the timeline loads after it, off the path to the first drawn map. */
export function PlaybackBar({
  api,
  controller,
  viewport,
  filter,
  openAt,
  onMinuteChange,
  onPastAircraftCount,
  onLiveAircraft,
}: {
  api: ApiClient;
  controller: MapController | null;
  viewport: MapViewport | null;
  /** The Layers tab's: the aircraft of a playback minute are narrowed as now's are, and the timeline's fires too. */
  filter: ViewFilter;
  /** The minute to open at (the address's, epoch ms; null: live). */
  openAt: number | null;
  /** The cursor's minute (its start, epoch ms), null when live: the HUD follows it. */
  onMinuteChange: (minuteStart: number | null) => void;
  /** How many aircraft the map shows at the cursor's minute (null while live or still loading): the HUD counts them. */
  onPastAircraftCount: (count: number | null) => void;
  /** Back to live from a minute whose aircraft the map showed: the layers draw now's aircraft again. */
  onLiveAircraft: () => void;
}) {
  // The range that shows the Layers tab's window whole: the strip opens in it and follows it.
  const windowRange = rangeForWindow(windowSpanMs(filter, Date.now()));
  // A chosen window that has ended is played over its own hours: the strip ends with it, and its "live" is the window
  // as chosen, not now (its range ended now and held none of it, and ▶ played the last day).
  const windowEnd = endedWindowEnd(filter, Date.now());
  const clock = useCallback(() => (windowEnd === null ? Date.now() : windowEnd - 1), [windowEnd]);
  const { hours, end, cursor, minutes, from, minuteStart, playing, speed, dispatch } = usePlaybackCursor(openAt, windowRange, clock);
  const { bands, buckets, totals, error, read } = usePlaybackHistogram(api, viewport, from, end, minutes, filter);
  const pastAircraft = usePlaybackMap(api, controller, minuteStart, viewport, filter, onLiveAircraft);
  const firesNarrowed = narrowsFires(filter);
  // Live, a timeline longer or shorter than the Layers tab's window names the map's window beside its own count.
  const mapWindowBeyond = minuteStart === null && !hasChosenWindow(filter) && hours !== windowRange ? presetWindowLabel(filter) : null;
  const recorded = useAircraftRecorded(api, minuteStart !== null);
  const gap = useAircraftGap(api, minuteStart, pastAircraft);
  const aircraftNote = minuteStart === null ? null : aircraftRecordedNote(recorded, minuteStart, (epochMs) => formatMinuteBoth(new Date(epochMs)), gap);
  const reportMinute = useEffectEvent(onMinuteChange);
  // Before the bar is painted: the HUD and the map never show a frame of another minute than the bar's ("Live" beside
  // a playback minute's counts).
  useLayoutEffect(() => reportMinute(minuteStart), [minuteStart]);
  const reportPastAircraft = useEffectEvent(onPastAircraftCount);
  useEffect(() => reportPastAircraft(pastAircraft), [pastAircraft]);
  // A shorter range that leaves the paused minute out moves the cursor to its start: said while it stays there.
  const [rangeNote, setRangeNote] = useState<{ text: string; at: number } | null>(null);
  const chooseRange = (range: number) => {
    const moved = minuteStart !== null && rangeMovesCursor(cursor, minutes, range * 60);
    setRangeNote(moved ? { at: end - range * 60 * MINUTE_MS, text: `Moved to the start of the last ${rangeWords(range)}: ${formatMinuteBoth(new Date(minuteStart))} is further back.` } : null);
    dispatch({ type: 'range', hours: range });
  };
  // Another window chosen in the Layers tab: the strip's range follows it, over one chosen on the strip (whose buttons
  // still choose another after).
  const windowChoice = filter.window === 'custom' ? `custom:${filter.from}:${filter.to}` : filter.window;
  const followWindow = useEffectEvent((endMoved: boolean) => {
    chooseRange(windowRange);
    // Into, out of or between ended windows: the strip ends elsewhere, and shows it whole.
    if (endMoved) dispatch({ type: 'live', now: clock() });
  });
  const followedChoice = useRef({ choice: windowChoice, end: windowEnd });
  useEffect(() => {
    if (followedChoice.current.choice === windowChoice && followedChoice.current.end === windowEnd) return;
    const endMoved = followedChoice.current.end !== windowEnd;
    followedChoice.current = { choice: windowChoice, end: windowEnd };
    followWindow(endMoved);
  }, [windowChoice, windowEnd]);
  const shownRangeNote = rangeNote !== null && rangeNote.at === minuteStart ? rangeNote.text : null;
  // A link's minute the timeline cannot show (further back than its longest range, or still to come) opens live: said
  // until the analyst picks a minute, not left to look like the linked one.
  const [linkNote, setLinkNote] = useState(() => (openAt !== null && Number.isFinite(openAt) && minuteStart === null ? unreachableMinuteWords(openAt, Date.now()) : null));
  useEffect(() => {
    if (minuteStart !== null) setLinkNote(null);
  }, [minuteStart]);
  // A bar of a range over 24 h holds several minutes (minutesPerBar): the pointer names the bar's, a click its minute.
  const perBar = minutesPerBar(minutes);
  const paths = useMemo(() => histogramPaths(countsPerBar(bands, perBar), WIDTH, HEIGHT), [bands, perBar]);
  // The minute under the pointer over the strip, and what was recorded in it: said above the strip while it hovers.
  // Kept as a share of the strip: the minute under it follows a range changed under a still pointer.
  const [hovered, setHovered] = useState<number | null>(null);
  const bars = Math.ceil(minutes / perBar);
  const hoveredBar = hovered === null ? null : Math.min(bars - 1, Math.floor(hovered * bars));
  const hoveredMinute = hoveredBar === null ? null : from + hoveredBar * perBar * MINUTE_MS;
  const hoveredMinutes = hoveredBar === null ? 1 : Math.min(perBar, minutes - hoveredBar * perBar);
  // A press or a drag on the strip picks the minute under the pointer, the one the hover names (the slider under it
  // takes the keyboard; its own pointer mapping is off: app.css).
  const slider = useRef<HTMLInputElement>(null);
  const pointerMinute = (event: PointerEvent<HTMLDivElement>) => minuteAtPointer(event.clientX, event.currentTarget.getBoundingClientRect(), minutes);
  const seekTo = (minute: number) => {
    // Pressed on the live end while live, the slider stayed live (its value did not change): so does the strip.
    if (minute !== (cursor ?? minutes - 1)) dispatch({ type: 'seek', minute });
  };
  const onTrackPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    // The focus goes to the slider as a press on it gave it: space and the arrow keys go on from there. Without the
    // keyboard's focus ring, as a press on the slider itself drew none.
    slider.current?.focus(PRESS_FOCUS);
    event.preventDefault();
    seekTo(pointerMinute(event));
  };
  const onTrackPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setHovered(Math.min(1, Math.max(0, (event.clientX - box.left) / Math.max(1, box.width))));
    if (event.currentTarget.hasPointerCapture(event.pointerId)) seekTo(pointerMinute(event));
  };
  const hoverWords =
    hoveredMinute === null || !read
      ? null
      : minuteHoverWords(
          hoveredMinutes === 1 ? formatMinuteBoth(new Date(hoveredMinute)) : `${hoveredMinutes} min from ${formatMinuteBoth(new Date(hoveredMinute))}`,
          totalsBySource(buckets, hoveredMinute, hoveredMinutes),
        );
  const total = Object.values(totals).reduce((sum, count) => sum + count, 0);
  // Played over a range with nothing recorded in view (a first start offline), the cursor ran over an empty strip and
  // nothing on the map changed, unexplained. The aircraft's positions and the incidents are not in the strip's counts:
  // the note does not say the map has nothing (it said so beside aircraft drawn at the cursor's minute).
  // The bar's total beside it already says there is none ("No fire detections or news in 6 h, …"): the note says what
  // that means as it plays.
  const emptyNote = minuteStart !== null && read && !error && total === 0 ? 'As it plays, only aircraft and incidents change on the map.' : null;

  // Space plays or pauses, Shift+←/→ step a minute, L returns to live (arrows alone pan the map).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const singleKeys = singleKeyShortcutsOn();
      // On the slider too, where the focus stays after a drag.
      if (event.key === ' ' && singleKeys && !spaceActivates(event.target)) dispatch({ type: playing ? 'pause' : 'play' });
      else if (event.shiftKey && event.key === 'ArrowLeft') dispatch({ type: 'step', minutes: -1, now: clock() });
      else if (event.shiftKey && event.key === 'ArrowRight') dispatch({ type: 'step', minutes: 1, now: clock() });
      else if ((event.key === 'l' || event.key === 'L') && singleKeys) dispatch({ type: 'live', now: clock() });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, playing, clock]);
  // A label too near either end would be cut by the edge of the screen (the first, which names the zone, is the longest).
  const ticks = useMemo(() => axisTicks(from, minutes, (time) => -new Date(time).getTimezoneOffset()).filter((tick) => tick.at > 0.06 && tick.at < 0.97), [from, minutes]);

  return (
    <section className="playback" data-testid="playback" data-mode={cursor === null ? 'live' : 'playback'} aria-label="Playback">
      <div className="playback-controls">
        {/* An ended window's "live" is the window as chosen: not "Live", which the map is not. */}
        <button
          type="button"
          className={cursor === null ? 'live-on' : ''}
          data-testid="playback-live"
          aria-pressed={cursor === null}
          title={windowEnd === null ? 'Back to now (L)' : 'Back to the whole chosen window (L)'}
          onClick={() => dispatch({ type: 'live', now: clock() })}
        >
          {windowEnd === null ? 'Live' : 'Window'}
        </button>
        <div className="playback-transport" role="group" aria-label="Play">
          <button type="button" data-testid="playback-step-back" aria-label="−1 min: one minute back" title="One minute back (Shift+←)" onClick={() => dispatch({ type: 'step', minutes: -1, now: clock() })}>
            −1 min
          </button>
          <button
            type="button"
            data-testid="playback-play"
            aria-pressed={playing}
            aria-label={playing ? 'Pause' : 'Play'}
            title={playing ? 'Pause (space)' : 'Play the range (space)'}
            onClick={() => dispatch({ type: playing ? 'pause' : 'play' })}
          >
            {playing ? '❚❚' : '▶︎'}
          </button>
          {/* Live is the last minute: nothing lies ahead of it. From the last minute of a playback, a step goes live.
              aria-disabled, not disabled: the focus stays on it when a step made it live. */}
          <button
            type="button"
            data-testid="playback-step-forward"
            aria-label="+1 min: one minute forward"
            title={cursor === null ? 'Live: nothing comes after now' : 'One minute forward (Shift+→); after the last minute, live'}
            aria-disabled={cursor === null}
            onClick={() => dispatch({ type: 'step', minutes: 1, now: clock() })}>
            +1 min
          </button>
          <label className="playback-speed">
            <span className="sr-only">Speed</span>
            <select data-testid="playback-speed" value={speed} onChange={(event) => dispatch({ type: 'speed', speed: Number(event.target.value) as PlaybackSpeed })}>
              {PLAYBACK_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {speedLabel(value)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <span className="playback-minute" data-testid="playback-minute" data-minute={minuteStart === null ? '' : new Date(minuteStart).toISOString()}>
          {minuteStart !== null ? formatMinuteBoth(new Date(minuteStart)) : windowEnd === null ? 'Showing now' : 'Showing the chosen window'}
        </span>
        {(aircraftNote || shownRangeNote || emptyNote || linkNote) && (
          <div className="playback-notes">
            {linkNote && (
              <span className="playback-note" data-testid="playback-link-note" role="status">
                {linkNote}
              </span>
            )}
            {emptyNote && (
              <span className="playback-note" data-testid="playback-empty-note" role="status">
                {emptyNote}
              </span>
            )}
            {shownRangeNote && (
              <span className="playback-note" data-testid="playback-range-note" role="status">
                {shownRangeNote}
              </span>
            )}
            {aircraftNote && (
              <span className="playback-note" data-testid="playback-aircraft-note" role="status">
                {aircraftNote}
              </span>
            )}
          </div>
        )}
        {/* The timeline counts what the view holds, as the HUD and the Layers tab do (it counted the whole 1° cells the
            view touched, and said "in and around the view" beside the HUD's smaller counts). */}
        <span
          className="muted playback-total"
          data-testid="playback-total"
          data-value={total}
          title={`What was recorded (fire detections, news stories placed on the map, cameras found) in the view, by minute${firesNarrowed ? ': the fires as the Layers tab’s filters leave them, the rest all' : ''}. Aircraft are replayed from their tracks, not counted here.`}
        >
          {/* Until the first answer, not "No fire detections or news". */}
          {error ? `Timeline unavailable: ${error}` : read ? timelineTotalWords(totals, hours, firesNarrowed, mapWindowBeyond) : 'Counting what was recorded…'}
        </span>
        <div className="playback-ranges" role="group" aria-label="Range">
          {/* Named: the Layers tab's time window is another row of 1 h / 6 h / 24 h, and a different thing. */}
          <span className="muted playback-ranges-label" aria-hidden="true">Timeline</span>
          {rangesOffered(windowRange, hours).map((range) => (
            <button key={range} type="button" aria-pressed={hours === range} title={`The timeline shows the last ${rangeWords(range)} (the fires' time window is in the Layers tab)`} onClick={() => chooseRange(range)}>
              {rangeLabel(range)}
            </button>
          ))}
        </div>
      </div>
      <div className="playback-track" onPointerDown={onTrackPointerDown} onPointerMove={onTrackPointerMove} onPointerLeave={() => setHovered(null)}>
        {/* Fire detections orange above; the lane at the foot: news stories green, the other events grey. */}
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" data-testid="playback-histogram">
          <path className="playback-bars-fire" data-testid="playback-bars-fire" d={paths.fire} />
          <path className="playback-bars-news" data-testid="playback-bars-news" d={paths.news} />
          <path className="playback-bars-other" data-testid="playback-bars-other" d={paths.other} />
        </svg>
        {hoverWords && hovered !== null && (
          // Kept inside the strip's ends: its left edge at the pointer, turned leftward past the middle.
          <span
            className={hovered > 0.5 ? 'playback-hover playback-hover-left' : 'playback-hover'}
            style={{ left: `${(hovered * 100).toFixed(2)}%` }}
            data-testid="playback-hover"
            aria-hidden="true"
          >
            {hoverWords}
          </span>
        )}
        <input
          ref={slider}
          type="range"
          className="playback-cursor"
          data-testid="playback-cursor"
          aria-label="Playback time"
          // Read out as the minute it shows, not as a number of minutes from the range's start.
          aria-valuetext={minuteStart === null ? 'Live: showing now' : formatMinuteBoth(new Date(minuteStart))}
          min={0}
          max={minutes - 1}
          step={1}
          value={cursor ?? minutes - 1}
          onChange={(event) => dispatch({ type: 'seek', minute: Number(event.target.value) })}
        />
      </div>
      <div className="playback-axis" data-testid="playback-axis" aria-hidden="true">
        {/* Midnight is labelled with its day, and the first label names the zone: the axis is this computer's clock. */}
        {ticks.map((tick, index) => (
          <span key={tick.time} className={tick.startsDay ? 'playback-axis-day' : undefined} style={{ left: `${(tick.at * 100).toFixed(3)}%` }} data-time={new Date(tick.time).toISOString()}>
            {tick.startsDay ? formatLocalDay(new Date(tick.time)) : index === 0 ? formatClockWithZone(new Date(tick.time)) : formatClock(new Date(tick.time))}
          </span>
        ))}
      </div>
    </section>
  );
}
