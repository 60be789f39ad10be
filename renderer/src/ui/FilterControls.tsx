// The analyst's filters: the time window (1 h … 7 d, or from … to), fire confidence, FRP, satellites, day or night,
// firefighting aircraft only and an alert geofence. The map, the HUD's counts and the export all read the one filter set here.
// The window is always in sight; the others fold under "More filters" (folded at first, the fold remembered), whose
// line says what they narrow: unfolded they took ~230 px, and at 1280×720 the layer list, the legend and Export were
// all below the tab's fold.
import { useState } from 'react';
import type { Geofence } from '../api/api-types';
import { spanWords } from '../data/fire-counter-labels';
import { indexByKey } from '../data/index-by-key';
import { useCollapsible } from '../data/use-collapsible';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_FILTER,
  frpFloorOf,
  MAX_FRP_FLOOR_MW,
  SATELLITES,
  type ConfidenceLevel,
  type DayNight,
  type ViewFilter,
  WINDOW_CHOICES,
  WINDOW_LABELS,
  windowSpanMs,
  writeFilter,
} from '../data/view-filter';
import { formatShortUtc, localZoneName } from '../format/time-format';
import './FilterControls.css';

const SHORT_WINDOW: Record<(typeof WINDOW_CHOICES)[number], string> = { '1h': '1 h', '6h': '6 h', '24h': '24 h', '72h': '72 h', '7d': '7 d', custom: 'Custom' };
const HOUR_MS = 3_600_000;
const SATELLITE_CODES: string[] = SATELLITES.map((satellite) => satellite.code);

/** `2026-11-24T13:05` in local time, what a datetime-local input shows. */
function localInput(epochMs: number): string {
  const date = new Date(epochMs - new Date(epochMs).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

/** The choice with `item` switched (an empty list means every one); the last one left cannot be switched off. */
function toggled<T>(chosen: readonly T[], all: readonly T[], item: T): T[] {
  const current = chosen.length === 0 ? all : chosen;
  const next = current.includes(item) ? current.filter((entry) => entry !== item) : [...current, item];
  if (next.length === 0) return [...chosen];
  return next.length === all.length ? [] : all.filter((entry) => next.includes(entry));
}

/** Which clock the from/to inputs read, and the window in UTC as the HUD names it. */
function customWindowZone(from: Date, to: Date): string {
  const zone = localZoneName(from);
  return zone === 'UTC' ? 'In UTC' : `In this computer's time (${zone}); in UTC ${formatShortUtc(from)} – ${formatShortUtc(to)}`;
}

/** The one box still ticked cannot be unticked (nothing would be left to show): it says so rather than do nothing. */
function lastOneOn<T>(chosen: readonly T[], item: T, what: string): { disabled?: true; title?: string } {
  return chosen.length === 1 && chosen[0] === item ? { disabled: true, title: `The last ${what} shown stays on: tick another first` } : {};
}

export interface FilterControlsProps {
  filter: ViewFilter;
  onChange: (filter: ViewFilter) => void;
  geofences: Geofence[];
  /** The filters in words, the window's first (Workspace's describeFilter, which the HUD shows too). */
  filterWords: readonly string[];
  /** The playback cursor's minute (epoch ms), null while live: a chosen window's length then ends at it. */
  playbackMinute?: number | null;
}

// FIRMS' daynight: whether the satellite saw the fire in daylight or at night (night detections stand out from sun glint
// and hot ground; day ones are most of a season's).
const DAY_NIGHT_OPTIONS: ReadonlyArray<{ value: DayNight | null; label: string; title: string }> = [
  { value: null, label: 'day and night', title: 'Every detection' },
  { value: 'day', label: 'by day', title: 'Only detections made in daylight (FIRMS daynight D)' },
  { value: 'night', label: 'by night', title: 'Only detections made at night (FIRMS daynight N)' },
];

export function FilterControls({ filter, onChange, geofences, filterWords, playbackMinute = null }: FilterControlsProps) {
  const [customError, setCustomError] = useState<string | null>(null);
  const set = (patch: Partial<ViewFilter>) => onChange({ ...filter, ...patch });

  const chooseWindow = (choice: (typeof WINDOW_CHOICES)[number]) => {
    setTyped({});
    setCustomError(null);
    if (choice !== 'custom') return set({ window: choice, from: null, to: null });
    // A custom window starts as the 24 h to the next whole hour: still running, so what comes in until then is drawn and
    // the map stays live (one that ended at the minute of the click said "Past window" at once), with round ends for
    // the analyst to move.
    const nextHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
    set({ window: 'custom', from: filter.from ?? nextHour - 24 * HOUR_MS, to: filter.to ?? nextHour });
  };

  // What is typed in the from/to boxes stays in them while it is refused, beside the reason (the box went back to the
  // window in use, and the reason stayed under a pair that looked right); a valid pair is the window, and clears both.
  const [typed, setTyped] = useState<{ from?: string; to?: string }>({});
  const setEnd = (end: 'from' | 'to', value: string) => {
    const epoch = Date.parse(value);
    const other = end === 'from' ? 'to' : 'from';
    const otherTyped = typed[other];
    const otherEpoch = otherTyped !== undefined ? Date.parse(otherTyped) : filter[other];
    const next = { ...filter, [end]: epoch, [other]: otherEpoch };
    if (!Number.isFinite(epoch) || otherEpoch === null || !Number.isFinite(otherEpoch)) {
      setTyped({ ...typed, [end]: value });
      setCustomError('Both ends need a date and a time.');
      return;
    }
    if (next.from !== null && next.to !== null && next.from >= next.to) {
      setTyped({ ...typed, [end]: value });
      setCustomError('The start must be before the end.');
      return;
    }
    setTyped({});
    setCustomError(null);
    onChange(next);
  };

  // What is typed in the FRP box stays in it: a negative number with a note (the filter keeps "any"), one above the
  // highest floor with a note (the filter takes the highest).
  const [frpTyped, setFrpTyped] = useState<{ text: string; minFrp: number | null }>({ text: '', minFrp: null });
  const frpValue = frpTyped.minFrp === filter.minFrp ? frpTyped.text : (filter.minFrp ?? '');
  const frpNote = frpFloorOf(String(frpValue)).note;
  const narrowed = writeFilter(filter) !== null;
  const more = useCollapsible('more-filters', null, Number.POSITIVE_INFINITY);
  // What the folded filters narrow, in the HUD's words (the window's are its first).
  const moreWords = filterWords.slice(1);

  return (
    <section className="filters" aria-label="Filters" data-testid="filters">
      <div className="filters-head">
        <h3>Filters</h3>
        <button type="button" className="link-button filter-reset" data-testid="filter-reset" disabled={!narrowed && frpValue === ''} onClick={() => {
            setFrpTyped({ text: '', minFrp: null });
            onChange({ ...DEFAULT_FILTER });
          }}>
          Reset
        </button>
      </div>

      {/* Named: the playback bar has its own row of ranges (1 h to 7 d), the timeline's span, which is another thing. */}
      {/* It says what it narrows: the incidents (as they stand) and the aircraft (live) stayed, unexplained. */}
      <p className="filter-caption" id="filter-window-caption" title="The aircraft are those flying now, and the incidents as they stand now, whatever the window">
        Time window <span className="filter-caption-scope">· fires, events and alerts</span>
      </p>
      {/* The radio group pattern: one Tab stop (the chosen window), the arrow keys, Home and End choose another. */}
      <div
        className="filter-row"
        role="radiogroup"
        aria-labelledby="filter-window-caption"
        onKeyDown={(event) => {
          // Shift+← / → step the playback (PlaybackBar.tsx); other modified arrows are the system's.
          if (event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
          const at = WINDOW_CHOICES.indexOf(filter.window);
          const to = indexByKey(at, WINDOW_CHOICES.length, event.key, 'row') ?? indexByKey(at, WINDOW_CHOICES.length, event.key, 'column');
          const next = to === null ? undefined : WINDOW_CHOICES[to];
          if (!next) return;
          event.preventDefault();
          chooseWindow(next);
          document.querySelector<HTMLElement>(`[data-testid="filter-window-${next}"]`)?.focus();
        }}
      >
        {WINDOW_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={filter.window === choice}
            tabIndex={filter.window === choice ? 0 : -1}
            title={WINDOW_LABELS[choice]}
            data-testid={`filter-window-${choice}`}
            onClick={() => chooseWindow(choice)}
          >
            {SHORT_WINDOW[choice]}
          </button>
        ))}
      </div>
      {filter.window === 'custom' && filter.from !== null && filter.to !== null && (
        <div className="filter-custom">
          <label>
            From <input type="datetime-local" data-testid="filter-from" value={typed.from ?? localInput(filter.from)} onChange={(event) => setEnd('from', event.target.value)} />
          </label>
          <label>
            To <input type="datetime-local" data-testid="filter-to" value={typed.to ?? localInput(filter.to)} onChange={(event) => setEnd('to', event.target.value)} />
          </label>
          {/* The inputs are in this computer's time; the HUD and exports name the window in UTC. */}
          <p className="muted filter-zone" data-testid="filter-zone">
            {customWindowZone(new Date(filter.from), new Date(filter.to))}
          </p>
          {/* Played back, the map shows the window's length up to the cursor, not these ends (the HUD's counter says so). */}
          {playbackMinute !== null && (
            <p className="muted" data-testid="filter-custom-playback">
              In playback the map shows the {spanWords(windowSpanMs(filter, Date.now()))} up to the cursor’s minute; Live returns to these ends.
            </p>
          )}
          {customError && (
            <p className="filter-error" role="alert" data-testid="filter-window-error">
              {customError}
            </p>
          )}
        </div>
      )}

      {/* The summary's click (a key's too) folds and unfolds it through the remembered state, so the fold is kept in the
          same commit that shows it: the details' own toggle event comes a task later, and a reload made right after an
          unfold could find it folded again. A toggle from elsewhere (find in page) is followed too. */}
      <details
        className="filter-more"
        open={!more.collapsed}
        onToggle={(event) => {
          if (event.currentTarget.open === more.collapsed) more.toggle();
        }}
      >
        <summary
          data-testid="filter-more"
          onClick={(event) => {
            event.preventDefault();
            more.toggle();
          }}
          title={`Fire confidence, FRP, satellites, day or night, firefighting aircraft, geofence${moreWords.length > 0 ? `: ${moreWords.join(' · ')}` : ''}`}>
          More filters{' '}
          <span className={moreWords.length > 0 ? 'filter-more-on' : 'muted'} data-testid="filter-more-words">
            {moreWords.length > 0 ? moreWords.join(' · ') : 'none on'}
          </span>
        </summary>
      <fieldset className="filter-group">
        <legend>Fire confidence</legend>
        {CONFIDENCE_LEVELS.map((level: ConfidenceLevel) => (
          <label key={level} className="filter-check">
            <input
              type="checkbox"
              data-testid={`filter-confidence-${level}`}
              checked={filter.confidence.length === 0 || filter.confidence.includes(level)}
              {...lastOneOn(filter.confidence, level, 'level')}
              onChange={() => set({ confidence: toggled(filter.confidence, CONFIDENCE_LEVELS, level) })}
            />
            {level}
          </label>
        ))}
      </fieldset>

      <label className="filter-frp">
        FRP at least
        <input
          type="number"
          min={0}
          step={1}
          inputMode="decimal"
          placeholder="any"
          data-testid="filter-min-frp"
          value={frpValue}
          max={MAX_FRP_FLOOR_MW}
          aria-invalid={frpNote !== null}
          onChange={(event) => {
            const { minFrp } = frpFloorOf(event.target.value);
            setFrpTyped({ text: event.target.value, minFrp });
            set({ minFrp });
          }}
        />
        MW
      </label>
      {frpNote && (
        <p className="filter-error" role="alert" data-testid="filter-min-frp-error">
          {frpNote === 'negative'
            ? 'FRP is never below 0 MW: every fire is shown.'
            : `No fire is that strong (the most measured are a few thousand MW): the floor is ${MAX_FRP_FLOOR_MW.toLocaleString('en-US')} MW, so none is shown.`}
        </p>
      )}

      <fieldset className="filter-group">
        <legend>Satellites</legend>
        {SATELLITES.map((satellite) => (
          <label key={satellite.code} className="filter-check" title={`${satellite.name} (${satellite.instrument}), stored as ${satellite.code}`}>
            <input
              type="checkbox"
              data-testid={`filter-satellite-${satellite.code}`}
              checked={filter.satellites.length === 0 || filter.satellites.includes(satellite.code)}
              {...lastOneOn(filter.satellites, satellite.code, 'satellite')}
              onChange={() => set({ satellites: toggled(filter.satellites, SATELLITE_CODES, satellite.code) })}
            />
            {satellite.name} <span className="muted">{satellite.instrument}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="filter-group">
        <legend>Detected</legend>
        {DAY_NIGHT_OPTIONS.map((option) => (
          <label key={option.value ?? 'any'} className="filter-check" title={option.title}>
            <input
              type="radio"
              name="filter-day-night"
              data-testid={`filter-daynight-${option.value ?? 'any'}`}
              checked={filter.dayNight === option.value}
              onChange={() => set({ dayNight: option.value })}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      <label className="filter-check filter-line">
        <input type="checkbox" data-testid="filter-firefighting" checked={filter.firefightingOnly} onChange={(event) => set({ firefightingOnly: event.target.checked })} />
        Firefighting aircraft only
      </label>

      <label className="filter-line">
        Inside geofence{' '}
        <select data-testid="filter-geofence" value={filter.geofenceId ?? ''} onChange={(event) => set({ geofenceId: event.target.value || null })}>
          <option value="">anywhere</option>
          {geofences.map((geofence) => (
            <option key={geofence.id} value={geofence.id}>
              {geofence.name}
            </option>
          ))}
        </select>
      </label>
      </details>
    </section>
  );
}
