// GET/POST /api/keys answers: never a key's value, only whether one is set, where from, and its last characters.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';
import { KEY_PROVIDERS } from './key-formats.js';

export const keyEntry = z
  .object({
    provider: z.enum(KEY_PROVIDERS),
    label: z.string(),
    configured: z.boolean(),
    /** Where the key in use comes from: stored in the app, or a setting from the environment (FIRE_MAP_KEY, LLM_API_KEY). */
    origin: z.enum(['stored', 'environment']).nullable(),
    /** `****` and the last 4 characters. */
    masked: z.string().nullable(),
    /** Which kind of key it looks like (OpenAI, Anthropic, …), when the provider has several. */
    family: z.string().nullable(),
    updatedAt: instant.nullable(),
    /** Set but not enough to work (a Telegram key without a chat id), in plain words. */
    warning: z.string().nullable(),
    /**
     * The last Test of the key in use since the API started (kept in memory; a new or removed key clears it): a failed
     * one stays on the row when the analyst comes back to the tab, not "Set" alone.
     */
    lastTest: z.object({ ok: z.boolean(), message: z.string(), at: instant }).nullable(),
    /** What the key is for, where to get one, and what works without it. */
    purpose: z.string(),
    getFrom: z.string(),
    withoutIt: z.string(),
  })
  .meta({ id: 'KeyEntry' });
export type KeyEntry = z.infer<typeof keyEntry>;

export const keyList = z.object({ keys: z.array(keyEntry) }).meta({ id: 'KeyList' });

/** POST /api/keys/:provider/test: one cheap call to the provider with the key in use. */
export const keyTestResult = z.object({ ok: z.boolean(), message: z.string() }).meta({ id: 'KeyTestResult' });
export type KeyTestResult = z.infer<typeof keyTestResult>;
