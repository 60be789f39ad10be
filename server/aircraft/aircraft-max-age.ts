// AIRCRAFT_MAX_AGE_SECONDS: how long a last-known position counts as current (the map, the pairing).
import { z } from 'zod';

const maxAgeSetting = z.coerce.number().int().min(30, 'AIRCRAFT_MAX_AGE_SECONDS is at least 30').max(86_400).default(300);

export function aircraftMaxAgeSeconds(settings: Record<string, string>): number {
  return maxAgeSetting.parse(settings.AIRCRAFT_MAX_AGE_SECONDS || undefined);
}
