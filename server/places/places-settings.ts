// The places domain's setting, checked once: GAZETTEER_LOAD (on by default; off for a machine that wants no place
// names — search then finds objects and coordinates only — and for tests whose stacks do not need them).
import { z } from 'zod';

const placesSettingsSchema = z.object({
  GAZETTEER_LOAD: z.enum(['on', 'off'], { error: 'GAZETTEER_LOAD must be on or off' }).default('on'),
});

export interface PlacesSettings {
  load: 'on' | 'off';
}

export function readPlacesSettings(settings: Record<string, string>): PlacesSettings {
  return { load: placesSettingsSchema.parse({ GAZETTEER_LOAD: settings.GAZETTEER_LOAD || undefined }).GAZETTEER_LOAD };
}
