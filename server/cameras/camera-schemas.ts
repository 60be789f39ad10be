// GET /api/cameras, GET /api/cameras/:id/snapshot and GET|PUT|DELETE /api/cameras/sources answers.
import { z } from 'zod';
import { binaryResponse, instant } from '../http/response-schemas.js';

export const camera = z
  .object({
    id: z.number(),
    /** Without credentials. */
    url: z.string(),
    title: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    source: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    firstSeenAt: instant,
    lastSeenAt: instant,
    /** Where the snapshot is served: `/api/cameras/{id}/snapshot`. */
    snapshotPath: z.string(),
  })
  .meta({ id: 'Camera' });
export type Camera = z.infer<typeof camera>;

export const cameraList = z.array(camera).meta({ id: 'CameraList' });

export const cameraSnapshot = binaryResponse('the camera image, fresh or from the cache (header x-snapshot-cache)', ['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export const cameraSourceList = z
  .object({
    sources: z.array(z.string()),
    /** `saved`: edited in the app; `settings`: CAMERA_SOURCES. */
    origin: z.enum(['saved', 'settings']),
    updatedAt: instant.nullable(),
  })
  .meta({ id: 'CameraSourceList' });
export type CameraSourceList = z.infer<typeof cameraSourceList>;
