// GET /api/incidents answers.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';
import { INCIDENT_KINDS } from './incident-feature.js';

export const incident = z
  .object({
    /** The IRWIN id, lower case without braces. */
    irwinId: z.string(),
    /** IRWIN's category: a wildfire, a prescribed burn or an incident complex; null when the feed did not say. */
    kind: z.enum(Object.values(INCIDENT_KINDS)).nullable(),
    name: z.string(),
    sizeAcres: z.number().nullable(),
    percentContained: z.number().nullable(),
    discoveredAt: instant.nullable(),
    state: z.string().nullable(),
    longitude: z.number(),
    latitude: z.number(),
  })
  .meta({ id: 'Incident' });
export type Incident = z.infer<typeof incident>;

export const incidentList = z.array(incident).meta({ id: 'IncidentList' });
