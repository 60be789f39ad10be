// The incident pipeline's settings (WILDFIRE_INCIDENTS_URL, INCIDENTS_INTERVAL), checked once.
import { z } from 'zod';
import { WFIGS_DEFAULT_URL } from './incident-poller.js';

const incidentSettingsSchema = z.object({
  WILDFIRE_INCIDENTS_URL: z.url({ protocol: /^https?$/, error: 'WILDFIRE_INCIDENTS_URL must be the http(s) URL of an ArcGIS feature layer' }).default(WFIGS_DEFAULT_URL),
  INCIDENTS_INTERVAL: z.coerce.number().int().min(60, 'INCIDENTS_INTERVAL is at least 60 seconds').max(86_400).default(900),
});

export interface IncidentSettings {
  baseUrl: string;
  intervalSeconds: number;
}

export function readIncidentSettings(settings: Record<string, string>): IncidentSettings {
  const parsed = incidentSettingsSchema.parse({
    WILDFIRE_INCIDENTS_URL: settings.WILDFIRE_INCIDENTS_URL || undefined,
    INCIDENTS_INTERVAL: settings.INCIDENTS_INTERVAL || undefined,
  });
  return { baseUrl: parsed.WILDFIRE_INCIDENTS_URL, intervalSeconds: parsed.INCIDENTS_INTERVAL };
}
