// The Sources panel, the first-run place: one row per source with its state (a coloured dot and the words), the last
// success, "Run now", and its settings, saved in the app (a value set in the environment wins and is shown as such).
// What works without a key and where to get each key come first.
import { type FormEvent, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { SourceRow, SourceSetting, SourceSettingsUpdate } from '../api/api-types';
import { type ActionOutcome, useSources } from '../data/use-sources';
import { formatAge, formatBoth, toDate } from '../format/time-format';
import type { MapController } from '../map/map-controller';
import { AreaDrawButton, type AreaDrawing } from './AreaDrawButton';
import { CameraSourcesEditor } from './CameraSourcesEditor';
import { ExternalLink } from './ExternalLink';
import './SourcesTab.css';
import { useFocusIfLost } from './use-focus-if-lost';
import { settingLabelWords } from '../data/setting-label-words';

export interface SourcesTabProps {
  api: ApiClient;
  controller: MapController | null;
  /** The shape drawn on the map, shared with the Geofences tab (the FIRMS area is drawn with the same tool). */
  drawing: AreaDrawing;
  onOpenKeys: () => void;
}

function ageOf(iso: string | null): string {
  const date = toDate(iso);
  return date ? formatAge(Math.max(0, Math.round((Date.now() - date.getTime()) / 1000))) : 'never';
}

/** The visible map area as FIRMS takes it (west,south,east,north); the whole width when the view wraps the globe. */
function visibleArea(controller: MapController): string {
  const [west, south, east, north] = controller.viewport().bbox;
  const round = (value: number) => Number(value.toFixed(3));
  const [w, e] = west < east ? [west, east] : [-180, 180];
  return [w, south, e, north].map(round).join(',');
}

function FirstRunNote({ onOpenKeys }: { onOpenKeys: () => void }) {
  return (
    <div className="sources-intro" data-testid="sources-intro">
      <p>
        <strong>Works with no key:</strong> fires (FIRMS&apos;s global 24-hour files), incidents, aircraft (a public aggregator), cameras, news
        headlines and the offline map.
      </p>
      <p>
        <strong>Keys add more</strong>, in the{' '}
        <button type="button" className="link-button" data-testid="sources-open-keys" onClick={onOpenKeys}>
          Keys tab
        </button>
        : your area&apos;s fires every 15 minutes (<ExternalLink href="https://firms.modaps.eosdis.nasa.gov/api/map_key/">FIRMS map-key page</ExternalLink>),
        written summaries (<ExternalLink href="https://platform.openai.com/api-keys">OpenAI</ExternalLink>,{' '}
        <ExternalLink href="https://console.anthropic.com/settings/keys">Anthropic</ExternalLink>, or a local model below), alerts on Telegram (
        <ExternalLink href="https://t.me/BotFather">BotFather</ExternalLink>).
      </p>
    </div>
  );
}

function originNote(setting: SourceSetting): string {
  if (setting.origin === 'environment') return `Set by environment (${setting.name}) — change it there`;
  if (setting.origin === 'saved') return `Saved ${setting.savedAt ? ageOf(setting.savedAt) : ''}`.trim();
  return setting.defaultValue ? `Default: ${setting.defaultValue}` : 'Not set';
}

function SettingField({ setting, value, onChange, onReset }: { setting: SourceSetting; value: string; onChange: (value: string) => void; onReset: () => void }) {
  const id = `source-setting-${setting.name}`;
  return (
    <div className="source-setting" data-testid={id} data-origin={setting.origin}>
      <label htmlFor={`${id}-input`}>{setting.label}</label>
      <input
        id={`${id}-input`}
        data-testid={`${id}-input`}
        value={value}
        spellCheck={false}
        autoComplete="off"
        placeholder={setting.defaultValue ?? ''}
        disabled={!setting.editable}
        aria-describedby={`${id}-help`}
        // A field of a few known values offers them (FIRMS' four products had to be typed from its help line).
        list={setting.suggestions.length > 0 ? `${id}-choices` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {setting.suggestions.length > 0 && (
        <datalist id={`${id}-choices`} data-testid={`${id}-choices`}>
          {setting.suggestions.map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      )}
      <p className={`source-origin origin-${setting.origin}`} data-testid={`${id}-origin`}>
        {originNote(setting)}
        {setting.origin === 'saved' && (
          <button type="button" className="link-button" data-testid={`${id}-reset`} onClick={onReset}>
            use the default
          </button>
        )}
      </p>
      <p className="source-help muted" id={`${id}-help`}>
        {setting.description}
      </p>
    </div>
  );
}

function SourceSettings({
  source,
  controller,
  drawing,
  save,
}: {
  source: SourceRow;
  controller: MapController | null;
  drawing: AreaDrawing;
  save: (changes: SourceSettingsUpdate) => Promise<string | null>;
}) {
  const initial = () => Object.fromEntries(source.settings.map((setting) => [setting.name, setting.origin === 'default' ? '' : (setting.value ?? '')]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const editable = source.settings.filter((setting) => setting.editable);
  const changed = editable.filter((setting) => (values[setting.name] ?? '').trim() !== (setting.origin === 'default' ? '' : (setting.value ?? '')));

  const submit = async (changes: SourceSettingsUpdate) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    const refusal = await save(changes);
    setBusy(false);
    if (refusal) setError(settingLabelWords(refusal, source.settings));
    else setSaved(true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(Object.fromEntries(changed.map((setting) => [setting.name, values[setting.name]?.trim() || null])));
  };
  const set = (name: string, value: string) => {
    setSaved(false);
    setValues((current) => ({ ...current, [name]: value }));
  };

  return (
    <form className="source-settings" data-testid={`source-settings-${source.id}`} onSubmit={onSubmit}>
      {source.settings.map((setting) => (
        <SettingField
          key={setting.name}
          setting={setting}
          value={values[setting.name] ?? ''}
          onChange={(value) => set(setting.name, value)}
          onReset={() => {
            set(setting.name, '');
            void submit({ [setting.name]: null });
          }}
        />
      ))}
      {source.id === 'fires' && source.settings.some((setting) => setting.name === 'FIRE_BBOX' && setting.editable) && (
        <div className="source-actions">
          <button type="button" data-testid="source-fires-use-map" disabled={!controller} onClick={() => controller && set('FIRE_BBOX', visibleArea(controller))}>
            Use the visible map area
          </button>
          <AreaDrawButton controller={controller} drawing={drawing} onArea={(bbox) => set('FIRE_BBOX', bbox)} />
          <button type="button" data-testid="source-fires-world" onClick={() => set('FIRE_BBOX', 'world')}>
            Whole world
          </button>
        </div>
      )}
      {editable.length > 0 && (
        <div className="source-actions">
          <button type="submit" data-testid={`source-save-${source.id}`} disabled={busy || changed.length === 0}>
            Save
          </button>
          {saved && (
            <span className="source-saved" role="status" data-testid={`source-saved-${source.id}`}>
              Saved — used from the next run
            </span>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid={`source-error-${source.id}`}>
          {error}
        </p>
      )}
    </form>
  );
}

function Outcome({ outcome, testId }: { outcome: ActionOutcome; testId: string }) {
  return (
    <p className={`source-outcome ${outcome.waiting ? 'waiting' : outcome.ok ? 'ok' : 'failed'}`} data-testid={testId} data-ok={outcome.ok} data-waiting={outcome.waiting ? 'true' : undefined} role="status">
      {outcome.waiting ? '◷' : outcome.ok ? '✓' : '✗'} {outcome.message}
    </p>
  );
}

function SourceItem(props: {
  source: SourceRow;
  api: ApiClient;
  controller: MapController | null;
  drawing: AreaDrawing;
  data: ReturnType<typeof useSources>;
  onOpenKeys: () => void;
}) {
  const { source, data } = props;
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [ran, setRan] = useState<ActionOutcome | null>(null);
  const [testing, setTesting] = useState(false);
  // Disabled while it works, a button loses the focus: it has it back when done.
  const runButton = useRef<HTMLButtonElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);
  useFocusIfLost(running, () => (running ? null : runButton.current));
  useFocusIfLost(testing, () => (testing ? null : testButton.current));
  const [tested, setTested] = useState<ActionOutcome | null>(null);
  const expandable = source.settings.length > 0 || source.id === 'cameras';

  const runNow = async (job: string) => {
    setRunning(true);
    setRan(null);
    setRan(await data.runNow(job));
    setRunning(false);
  };
  const sendTest = async () => {
    setTesting(true);
    setTested(null);
    setTested(await data.sendTestMessage());
    setTesting(false);
  };

  return (
    <li className="source-row" data-testid={`source-row-${source.id}`} data-state={source.state}>
      <div className="source-head">
        <span className={`source-dot state-${source.state}`} aria-hidden="true" />
        <strong>{source.title}</strong>
        {source.job && (
          <button ref={runButton} type="button" className="source-run" data-testid={`source-run-${source.id}`} aria-label={`${running ? 'Running…' : 'Run now'}: ${source.title}`} disabled={running} onClick={() => void runNow(source.job as string)}>
            {running ? 'Running…' : 'Run now'}
          </button>
        )}
      </div>
      <p className="source-state" data-testid={`source-state-${source.id}`}>
        {source.stateText}
      </p>
      {source.todo && (
        <p className="source-todo" data-testid={`source-todo-${source.id}`}>
          → {source.todo}
        </p>
      )}
      <p className="source-meta muted">
        {source.purpose}
        {source.id !== 'map' && (
          <>
            {' '}
            {/* A summaries run with nothing to summarise succeeds and writes nothing: its row gives the newest digest. */}
            {source.id === 'summaries' ? 'Last digest written:' : 'Last success:'}{' '}
            <span data-testid={`source-last-success-${source.id}`} title={source.lastSuccessAt ? formatBoth(source.lastSuccessAt) : undefined}>
              {ageOf(source.lastSuccessAt)}
            </span>
            .
          </>
        )}
      </p>
      {source.key && !source.key.configured && source.state !== 'not-set-up' && (
        <p className="source-key muted" data-testid={`source-key-${source.id}`}>
          No {source.key.label}:{' '}
          <button type="button" className="link-button" onClick={props.onOpenKeys}>
            add one in the Keys tab
          </button>
          . {source.key.withoutIt}
        </p>
      )}
      {ran && <Outcome outcome={ran} testId={`source-run-result-${source.id}`} />}
      {source.id === 'alerts' && (
        <div className="source-actions">
          <button ref={testButton} type="button" data-testid="source-telegram-test" disabled={testing} onClick={() => void sendTest()}>
            {testing ? 'Sending…' : 'Send test message'}
          </button>
        </div>
      )}
      {tested && <Outcome outcome={tested} testId="source-telegram-test-result" />}
      {expandable && (
        <button type="button" className="source-expand link-button" aria-expanded={open} data-testid={`source-expand-${source.id}`} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
          {open ? 'Hide settings' : 'Settings'}
          <span className="visually-hidden">: {source.title}</span>
        </button>
      )}
      {open && source.settings.length > 0 && <SourceSettings source={source} controller={props.controller} drawing={props.drawing} save={data.save} />}
      {open && source.id === 'cameras' && <CameraSourcesEditor api={props.api} />}
    </li>
  );
}

/**
 * The map style's row as this window drew it: the settings may name an online style that did not load here, and then
 * the shipped basemap is drawn (it said "Working: an online map style" over the offline map).
 */
function mapStyleAsDrawn(source: SourceRow, controller: MapController | null): SourceRow {
  const failure = source.id === 'map' ? controller?.onlineStyleFailure : null;
  if (!failure) return source;
  return {
    ...source,
    state: 'failing',
    stateText: `Not in use: the online map style did not load: ${failure}. The offline basemap is drawn instead.`,
    todo: 'Check the style address below, or use the default; it applies when the app is reloaded.',
  };
}

export function SourcesTab({ api, controller, drawing, onOpenKeys }: SourcesTabProps) {
  const data = useSources(api);
  return (
    <section className="sources-tab" data-testid="sources-tab">
      <FirstRunNote onOpenKeys={onOpenKeys} />
      {data.error && <p className="field-error">Sources could not be read: {data.error}</p>}
      {data.sources === null && !data.error && <p className="muted">Loading…</p>}
      <ul className="source-list">
        {data.sources?.map((source) => (
          <SourceItem key={source.id} source={mapStyleAsDrawn(source, controller)} api={api} controller={controller} drawing={drawing} data={data} onOpenKeys={onOpenKeys} />
        ))}
      </ul>
    </section>
  );
}
