// GET/POST /api/geofences and GET /api/alerts answers.
import { z } from 'zod';
import { geoJsonGeometry, instant } from '../http/response-schemas.js';

export const geofence = z
  .object({ id: z.string(), name: z.string(), geometry: geoJsonGeometry, createdAt: instant })
  .meta({ id: 'Geofence' });
export type Geofence = z.infer<typeof geofence>;

export const alert = z
  .object({
    id: z.string(),
    /** Null once its geofence was deleted; the name is kept. */
    geofenceId: z.string().nullable(),
    geofenceName: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    title: z.string(),
    geometry: geoJsonGeometry.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof alert>;
