// What the renderer needs to know from the settings: an online map style (MAP_STYLE_URL), if any.
// Offline by default: without it the map draws the basemap shipped with the app.
import { z } from 'zod';

/** GET /api/ui-settings */
export const uiSettings = z.object({ mapStyleUrl: z.string().nullable() }).meta({ id: 'UiSettings' });
export type UiSettings = z.infer<typeof uiSettings>;

const uiSettingsSchema = z.object({
  MAP_STYLE_URL: z.url({ protocol: /^https$/, error: 'MAP_STYLE_URL must be an https URL of a MapLibre style' }).optional(),
});

export function readUiSettings(settings: Record<string, string>): UiSettings {
  const parsed = uiSettingsSchema.parse({ MAP_STYLE_URL: settings.MAP_STYLE_URL || undefined });
  return { mapStyleUrl: parsed.MAP_STYLE_URL ?? null };
}
