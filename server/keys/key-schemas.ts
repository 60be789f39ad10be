// GET/POST /api/keys answers: never a key's value, only whether one is stored and its last characters.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';
import { KEY_PROVIDERS } from './key-formats.js';

export const keyEntry = z
  .object({
    provider: z.enum(KEY_PROVIDERS),
    label: z.string(),
    configured: z.boolean(),
    /** `****` and the last 4 characters. */
    masked: z.string().nullable(),
    /** Which kind of key it looks like (OpenAI, Anthropic, …), when the provider has several. */
    family: z.string().nullable(),
    updatedAt: instant.nullable(),
  })
  .meta({ id: 'KeyEntry' });
export type KeyEntry = z.infer<typeof keyEntry>;

export const keyList = z.object({ keys: z.array(keyEntry) }).meta({ id: 'KeyList' });
