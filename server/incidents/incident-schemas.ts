// GET /api/incidents answers.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';

export const incident = z
  .object({
    /** The IRWIN id, lower case without braces. */
    irwinId: z.string(),
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
