// GET /api/sources, PUT /api/sources/settings, POST /api/sources/telegram/test-message: the Sources panel's contract.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';
import { safeText } from '../http/safe-text.js';
import { EDITABLE_SETTING_NAMES, type EditableSettingName, SOURCE_IDS } from './setting-names.js';

export const SOURCE_STATES = ['working', 'waiting', 'not-set-up', 'failing', 'off'] as const;

export const sourceSetting = z
  .object({
    name: z.enum(EDITABLE_SETTING_NAMES),
    label: z.string(),
    description: z.string(),
    value: z.string().nullable(),
    /** Where the value in use comes from: the environment (wins, not editable here), saved in the panel, or the default. */
    origin: z.enum(['environment', 'saved', 'default']),
    editable: z.boolean(),
    defaultValue: z.string().nullable(),
    /** Values the field offers to pick from; another may be typed. Empty for free text. */
    suggestions: z.array(z.string()),
    savedAt: instant.nullable(),
  })
  .meta({ id: 'SourceSetting' });
export type SourceSetting = z.infer<typeof sourceSetting>;

export const sourceKey = z
  .object({ provider: z.string(), label: z.string(), configured: z.boolean(), getFrom: z.string(), withoutIt: z.string() })
  .meta({ id: 'SourceKey' });
export type SourceKey = z.infer<typeof sourceKey>;

export const sourceRow = z
  .object({
    id: z.enum(SOURCE_IDS),
    title: z.string(),
    /** What the source brings, in one line. */
    purpose: z.string(),
    state: z.enum(SOURCE_STATES),
    /** The state in plain words (working, waiting for its first run, not set up, failing and why). */
    stateText: z.string(),
    /** What to do about it, when something is to be done. */
    todo: z.string().nullable(),
    lastSuccessAt: instant.nullable(),
    lastError: z.string().nullable(),
    /** The job "Run now" starts (POST /api/jobs/:name); null when there is none. */
    job: z.string().nullable(),
    /** The key this source uses, if any, and where to get it. */
    key: sourceKey.nullable(),
    settings: z.array(sourceSetting),
  })
  .meta({ id: 'SourceRow' });
export type SourceRow = z.infer<typeof sourceRow>;
export type SourceState = SourceRow['state'];

export const sourceList = z.object({ sources: z.array(sourceRow) }).meta({ id: 'SourceList' });
export type SourceList = z.infer<typeof sourceList>;

const settingValue = (name: string) =>
  safeText()
    .trim()
    .min(1, `${name} is blank: send null to go back to the default`)
    .max(2000, `${name} is too long`)
    .nullable()
    .optional();

/** Each editable setting: a value to save, or null to go back to the default. Absent: unchanged. */
export const sourceSettingsUpdate = z
  .object(Object.fromEntries(EDITABLE_SETTING_NAMES.map((name) => [name, settingValue(name)])) as Record<EditableSettingName, ReturnType<typeof settingValue>>)
  .strict()
  .meta({ id: 'SourceSettingsUpdate', description: `Settings editable in the app: ${EDITABLE_SETTING_NAMES.join(', ')}` });
export type SourceSettingsUpdate = z.infer<typeof sourceSettingsUpdate>;

export const sourceSettingsSaved = z.object({ settings: z.array(sourceSetting) }).meta({ id: 'SourceSettingsSaved' });

/** The test message's outcome: sent, or Telegram's refusal in its words (never the token). */
export const telegramTestResult = z.object({ ok: z.boolean(), message: z.string() }).meta({ id: 'TelegramTestResult' });
export type TelegramTestResult = z.infer<typeof telegramTestResult>;
