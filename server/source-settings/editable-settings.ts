// The settings the Sources panel may change, which source each belongs to, and the owning domain's reader that
// checks a value (the same reader the domain uses at each run, so a value saved here is one it accepts).
import { DEFAULT_AGGREGATOR_URL, readAircraftSettings } from '../aircraft/aircraft-settings.js';
import { readFireSettings } from '../fires/fire-settings.js';
import { GLOBAL_FIRE_FILE_IDS, GLOBAL_FIRE_FILES } from '../fires/firms-global-catalog.js';
import { readTelegramSettings } from '../geofences/telegram-notifier.js';
import { readNewsSettings } from '../news/news-settings.js';
import { readUiSettings } from '../ui-settings/ui-settings.js';

import type { EditableSettingName, SourceId } from './setting-names.js';

export interface EditableSetting {
  source: SourceId;
  label: string;
  description: string;
  /** What applies when neither the environment nor the panel sets it (null: nothing, as the description says). */
  defaultValue: string | null;
  /** Values the field offers to pick from (another may still be typed, and is checked as any); none for free text. */
  suggestions?: readonly string[];
  /** The owning domain's reader over all settings; throws a ZodError with the reason for a bad value. */
  check(settings: Record<string, string>): unknown;
}

export const EDITABLE_SETTINGS = {
  FIRE_DATASET: {
    source: 'fires',
    label: 'FIRMS dataset',
    description: 'The satellite product the area API is asked for (with a map key): VIIRS_SNPP_NRT, VIIRS_NOAA20_NRT, VIIRS_NOAA21_NRT or MODIS_NRT.',
    defaultValue: 'VIIRS_SNPP_NRT',
    // The FIRMS products of the keyless files' satellites, the same four the area API serves in near real time.
    suggestions: GLOBAL_FIRE_FILE_IDS.map((id) => GLOBAL_FIRE_FILES[id].dataset),
    check: readFireSettings,
  },
  FIRE_BBOX: {
    source: 'fires',
    label: 'Fire area',
    description: 'west,south,east,north in degrees, or world. Fires outside it are not fetched (with a key) or not kept (without one).',
    defaultValue: 'world',
    check: readFireSettings,
  },
  ADSB_URL: {
    source: 'aircraft',
    label: 'Receiver or OpenSky URL',
    description:
      "A local receiver's aircraft.json (readsb, tar1090, dump1090: http://<receiver>/data/aircraft.json) or OpenSky's https://opensky-network.org/api/states/all. When set it is read instead of the aggregator.",
    defaultValue: null,
    check: readAircraftSettings,
  },
  ADSB_AGGREGATOR_URL: {
    source: 'aircraft',
    label: 'Public aggregator',
    description: 'A keyless ADS-B Exchange v2-compatible aggregator (adsb.lol, airplanes.live), asked around incidents and fires; off to read none.',
    defaultValue: DEFAULT_AGGREGATOR_URL,
    check: readAircraftSettings,
  },
  LLM_BASE_URL: {
    source: 'summaries',
    label: 'Local model URL',
    description: "An OpenAI-compatible server of your own (Ollama: http://127.0.0.1:11434/v1, llama.cpp, LM Studio); empty: the key's provider.",
    defaultValue: null,
    check: readNewsSettings,
  },
  LLM_MODEL: {
    source: 'summaries',
    label: 'Model',
    description: "The model asked to write the digests (llama3.1:8b for a local server); empty: the provider's small default model.",
    defaultValue: null,
    check: readNewsSettings,
  },
  TELEGRAM_CHAT_ID: {
    source: 'alerts',
    label: 'Telegram chat id',
    description: 'Where alerts go: your numeric chat id (send a message to the bot, then read it from getUpdates), a group id (-100…) or a channel @username.',
    defaultValue: null,
    check: readTelegramSettings,
  },
  MAP_STYLE_URL: {
    source: 'map',
    label: 'Map style URL',
    description: 'An https MapLibre style (with its key if the provider needs one); empty: the offline basemap shipped with the app. Applies when the app is reloaded.',
    defaultValue: null,
    check: readUiSettings,
  },
} as const satisfies Record<EditableSettingName, EditableSetting>;

