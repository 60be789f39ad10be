// One row per source for the Sources panel: its state in plain words (from the health report, the keys and the
// settings in effect), what to do about it, its "Run now" job and its editable settings.
import type { HealthReport } from '../health/health-schemas.js';
import type { KeyEntry } from '../keys/key-schemas.js';
import { IDLE_PREFIX } from '../pipelines/pipeline-freshness.js';
import { EDITABLE_SETTINGS, type EditableSetting } from './editable-settings.js';
import { EDITABLE_SETTING_NAMES, type SourceId } from './setting-names.js';
import type { SourceKey, SourceRow, SourceSetting } from './source-settings-schemas.js';
import type { EffectiveSetting } from './source-settings-store.js';

interface SourceFacts {
  report: HealthReport;
  keys: KeyEntry[];
  settings: EffectiveSetting[];
  jobs: readonly string[];
}

interface Definition {
  id: SourceId;
  title: string;
  purpose: string;
  /** The pipeline_status row its runs are recorded under. */
  pipeline: keyof HealthReport['pipelines'] | null;
  job: string | null;
  key: KeyEntry['provider'] | null;
}

const SOURCES: Definition[] = [
  { id: 'fires', title: 'Fires', purpose: 'Satellite fire detections from NASA FIRMS.', pipeline: 'fires', job: 'fires', key: 'firms' },
  { id: 'incidents', title: 'Incidents', purpose: 'Wildfire incidents from the US interagency feed (WFIGS); no key needed.', pipeline: 'incidents', job: 'incidents', key: null },
  { id: 'aircraft', title: 'Aircraft', purpose: 'ADS-B positions, firefighting aircraft marked and paired with fires.', pipeline: 'aircraft', job: 'aircraft', key: null },
  { id: 'cameras', title: 'Cameras', purpose: 'Public webcams from the official directories switched on and the lists you add; no key needed.', pipeline: 'cameras', job: 'cameras', key: null },
  { id: 'news', title: 'News', purpose: 'Headlines from the shipped RSS/Atom feeds; no key needed.', pipeline: 'news', job: 'news', key: null },
  { id: 'summaries', title: 'Summaries', purpose: 'Hourly digests of the news: by a language model once one is set up, else the leading sentences of the top stories.', pipeline: 'summaries', job: 'summaries', key: 'llm' },
  { id: 'alerts', title: 'Alerts delivery', purpose: 'Geofence alerts sent to you through a Telegram bot.', pipeline: null, job: null, key: 'telegram' },
  { id: 'map', title: 'Map style', purpose: 'The basemap: the offline one shipped with the app, or an online style.', pipeline: null, job: null, key: null },
];

type Status = Pick<SourceRow, 'state' | 'stateText' | 'todo' | 'lastSuccessAt' | 'lastError'>;

/** working / waiting / failing from the last runs; an idle run (nothing to read) is "off" with its reason. */
function statusOfRuns(lastSuccessAt: string | null, lastError: string | null, stale: boolean, hasSettings: boolean): Status {
  if (lastError?.startsWith(IDLE_PREFIX)) {
    const reason = lastError.slice(IDLE_PREFIX.length);
    return { state: 'off', stateText: `Off: ${reason}`, todo: null, lastSuccessAt, lastError: null };
  }
  if (lastError) {
    const todo = hasSettings ? 'Check the settings below, then Run now.' : 'It is tried again at its next run; Run now to try at once.';
    return { state: 'failing', stateText: `Failing: ${lastError}`, todo, lastSuccessAt, lastError };
  }
  if (lastSuccessAt) {
    return { state: 'working', stateText: stale ? 'Working, but the last success is older than expected' : 'Working', todo: null, lastSuccessAt, lastError: null };
  }
  return { state: 'waiting', stateText: 'Waiting for its first run', todo: 'Run now to fetch at once.', lastSuccessAt: null, lastError: null };
}

/** Health's failing news feeds (sources.news.failingFeeds), by name. */
function failingFeedNames(failingFeeds: unknown): string[] {
  if (!Array.isArray(failingFeeds)) return [];
  return failingFeeds.map((feed: { name?: unknown }) => String(feed?.name ?? 'a feed'));
}

/** "2 feeds failing: UPI Top News, Al Jazeera", at most three by name. */
function feedsFailingText(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `${names.length} ${names.length === 1 ? 'feed' : 'feeds'} failing: ${shown}${more}`;
}

const OUT_OF_REACH_TODO = 'This computer may be offline, or the host down: it is tried again at its next run; Run now to try at once.';

const FAILING_FEEDS_TODO = 'Each failing feed is tried again after 2, 4, 8 … hours (at most a day); the others are read every hour.';

const valueOf = (settings: EffectiveSetting[], name: string) => settings.find((setting) => setting.name === name)?.value ?? null;

function sourceFacts(report: HealthReport, name: string): Record<string, unknown> {
  const facts = report.sources[name];
  return typeof facts === 'object' && facts !== null ? (facts as Record<string, unknown>) : {};
}

function statusOf(definition: Definition, facts: SourceFacts, key: KeyEntry | undefined, hasSettings: boolean): Status {
  const { report, settings } = facts;
  if (definition.id === 'alerts') {
    const telegram = report.notifications.telegram;
    const chatId = valueOf(settings, 'TELEGRAM_CHAT_ID');
    const missing = [key?.configured ? null : 'a Telegram bot token (Keys tab)', chatId ? null : 'the chat id below'].filter(Boolean);
    if (missing.length > 0) {
      return {
        state: 'not-set-up',
        stateText: 'Not set up: alerts show in the app only',
        todo: `Add ${missing.join(' and ')}, then send a test message.`,
        lastSuccessAt: telegram.lastSuccessAt,
        lastError: null,
      };
    }
    if (telegram.lastError) {
      return { state: 'failing', stateText: `Failing: ${telegram.lastError}`, todo: 'Check the token and chat id, then send a test message.', ...telegram };
    }
    if (telegram.lastSuccessAt) return { state: 'working', stateText: 'Working: alerts are sent to Telegram', todo: null, ...telegram };
    return { state: 'waiting', stateText: 'Set up, waiting for the first alert', todo: 'Send a test message to check.', lastSuccessAt: null, lastError: null };
  }
  if (definition.id === 'map') {
    const online = valueOf(settings, 'MAP_STYLE_URL');
    return online
      ? { state: 'working', stateText: 'Working: an online map style', todo: null, lastSuccessAt: null, lastError: null }
      : { state: 'working', stateText: 'Working: the offline basemap shipped with the app', todo: null, lastSuccessAt: null, lastError: null };
  }
  const freshness = definition.pipeline ? report.pipelines[definition.pipeline] : undefined;
  const failed = statusOfRuns(freshness?.lastSuccessAt ?? null, freshness?.lastError ?? null, freshness?.stale ?? false, hasSettings);
  // None of the last run's requests reached the host (as with no network): the same words as the HUD's box, and not
  // "check the settings", which are not what is wrong.
  const runs = freshness?.unreachable && freshness.reason && failed.state === 'failing' ? { ...failed, stateText: `Out of reach: ${freshness.reason}`, todo: OUT_OF_REACH_TODO } : failed;
  // Failing with a key of its own in use (FIRMS's map key): the key is the first thing to check, in another tab.
  if (runs.state === 'failing' && !freshness?.unreachable && key?.configured && definition.id !== 'summaries') {
    const settingsToo = hasSettings ? ' and the settings below' : '';
    return { ...runs, todo: `Check the ${key.label} in the Keys tab${settingsToo}, then Run now; without the key, ${lowerFirst(key.withoutIt)}` };
  }
  if (definition.id === 'aircraft' && sourceFacts(report, 'aircraft').mode === 'off') {
    return { ...runs, state: 'off', stateText: 'Off: no ADS-B source', todo: 'Set a receiver or OpenSky URL, or a public aggregator, below.' };
  }
  if (definition.id === 'news' && runs.state === 'working') {
    const failingFeeds = failingFeedNames(sourceFacts(report, 'news').failingFeeds);
    if (failingFeeds.length > 0) return { ...runs, stateText: `Working; ${feedsFailingText(failingFeeds)}`, todo: FAILING_FEEDS_TODO };
  }
  if (definition.id === 'summaries') {
    const news = sourceFacts(report, 'news');
    return summariesStatus(runs, news.lastSummaryAt, !key?.configured && !valueOf(settings, 'LLM_BASE_URL'), news.model);
  }
  return runs;
}

/**
 * The summaries' row: its "last success" is the newest digest written, not the newest run (a run with no stories
 * succeeds and writes nothing); without a model it is "not set up", its digests extractive.
 */
function summariesStatus(runs: Status, lastSummaryAt: unknown, noModel: boolean, model: unknown): Status {
  // Health without the fact (its section timed out): the runs' own time, as before.
  const written = typeof lastSummaryAt === 'string' ? lastSummaryAt : lastSummaryAt === null ? null : runs.lastSuccessAt;
  const status = { ...runs, lastSuccessAt: written };
  if (noModel && runs.state !== 'failing') {
    return {
      ...status,
      state: 'not-set-up',
      stateText: 'Not set up: digests are extractive (the leading sentences of the top stories)',
      todo: 'Add a language-model key in the Keys tab, or set a local model URL and model below.',
    };
  }
  if (status.state === 'working' && written === null) return { ...status, stateText: 'Working; no digest yet: the next run writes one if news stories have come in' };
  // A model is set up, but the last digest was written without it (a refused key, no network): the runs succeed, and
  // the row said "Working" over extractive digests.
  const fellBack = modelFellBack(model);
  if (status.state === 'working' && fellBack) {
    return {
      ...status,
      state: 'failing',
      stateText: `Working without the model: ${fellBack}; digests are extractive (the leading sentences of the top stories)`,
      todo: 'Test the language-model key in the Keys tab, or check the model URL and model below.',
    };
  }
  return status;
}

/** Why the last digest was written without the language model (health's news.model), or null when it was not. */
function modelFellBack(model: unknown): string | null {
  if (typeof model !== 'object' || model === null) return null;
  const { available, lastError } = model as { available?: unknown; lastError?: unknown };
  return available === false && typeof lastError === 'string' ? lastError : null;
}

export function settingRow(setting: EffectiveSetting): SourceSetting {
  const { label, description, defaultValue, suggestions } = EDITABLE_SETTINGS[setting.name] as EditableSetting;
  return {
    name: setting.name,
    label,
    description,
    value: setting.value,
    origin: setting.origin,
    editable: setting.origin !== 'environment',
    defaultValue,
    suggestions: [...(suggestions ?? [])],
    savedAt: setting.savedAt?.toISOString() ?? null,
  };
}

function keyOf(entry: KeyEntry | undefined): SourceKey | null {
  return entry ? { provider: entry.provider, label: entry.label, configured: entry.configured, getFrom: entry.getFrom, withoutIt: entry.withoutIt } : null;
}

export function describeSources(facts: SourceFacts): SourceRow[] {
  return SOURCES.map((definition) => {
    const key = definition.key ? facts.keys.find((entry) => entry.provider === definition.key) : undefined;
    const settings = EDITABLE_SETTING_NAMES.filter((name) => EDITABLE_SETTINGS[name].source === definition.id)
      .map((name) => facts.settings.find((setting) => setting.name === name))
      .filter((setting): setting is EffectiveSetting => setting !== undefined)
      .map(settingRow);
    return {
      id: definition.id,
      title: definition.title,
      purpose: definition.purpose,
      ...statusOf(definition, facts, key, settings.length > 0 || definition.id === 'cameras'),
      job: definition.job && facts.jobs.includes(definition.job) ? definition.job : null,
      key: keyOf(key),
      settings,
    };
  });
}

/** "Fires come from …" → "fires come from …", to follow a semicolon. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
