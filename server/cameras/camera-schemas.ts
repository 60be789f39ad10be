// GET /api/cameras, /api/cameras/near, /api/cameras/:id/snapshot, GET|PUT|DELETE /api/cameras/sources and
// GET /api/cameras/directories, PUT /api/cameras/directories/:id answers.
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

export const officialDirectory = z
  .object({
    /** `caltrans-d3`. */
    id: z.string(),
    name: z.string(),
    publisher: z.string(),
    /** The list it is read from. */
    url: z.string(),
    /** Switched on by the user (off by default). */
    enabled: z.boolean(),
    /** A crawl of it is running now (it starts when it is switched on). */
    crawling: z.boolean(),
    /** Its cameras on the map now. */
    camerasOnMap: z.number(),
    /** Its latest crawl: cameras kept, or why it failed. */
    lastCrawl: z.object({ at: instant, cameras: z.number(), error: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'OfficialCameraDirectory' });
export type OfficialCameraDirectory = z.infer<typeof officialDirectory>;

export const officialDirectoryList = z.object({ directories: z.array(officialDirectory) }).meta({ id: 'OfficialCameraDirectoryList' });
export type OfficialCameraDirectoryList = z.infer<typeof officialDirectoryList>;

export const nearbyCamera = z
  .object({
    id: z.number(),
    title: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    distanceM: z.number(),
    distanceMiles: z.number(),
    snapshotPath: z.string(),
  })
  .meta({ id: 'NearbyCamera' });
export type NearbyCamera = z.infer<typeof nearbyCamera>;

export const nearbyCameras = z
  .object({
    /** 20 statute miles, as the aircraft pairing. */
    radiusM: z.number(),
    /** Every placed camera within the radius; `cameras` holds the nearest of them, up to the limit. */
    total: z.number(),
    cameras: z.array(nearbyCamera),
    /** Whether any camera is placed anywhere: none at all is a camera directory not set up yet, not an area without. */
    anyPlaced: z.boolean(),
  })
  .meta({ id: 'NearbyCameras' });
export type NearbyCameras = z.infer<typeof nearbyCameras>;
