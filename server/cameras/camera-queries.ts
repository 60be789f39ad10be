// What GET /api/cameras reads: placed cameras (credentials never included), each with the path of its
// snapshot; and GET /api/cameras/near: the cameras linked to a fire or an incident at a position.
import type { CameraLinkRepository } from '../correlations/camera-link-repository.js';
import { CORRELATION_RADIUS_M } from '../correlations/correlation-repository.js';
import type { Bbox } from '../http/query-params.js';
import type { Camera, CameraRepository } from './camera-repository.js';
import type { NearbyCameras } from './camera-schemas.js';
import { snapshotPath } from './snapshot-service.js';

export type ListedCamera = Camera & { snapshotPath: string };

const METRES_PER_MILE = 1609.344;

export class CameraQueries {
  constructor(
    private readonly cameras: CameraRepository,
    private readonly links: CameraLinkRepository,
  ) {}

  async find(bbox: Bbox | undefined, limit: number): Promise<ListedCamera[]> {
    const cameras = await this.cameras.find(bbox, limit);
    return cameras.map((camera) => ({ ...camera, snapshotPath: snapshotPath(camera.id) }));
  }

  /** Cameras within 20 miles of the position, nearest first; and whether any camera is placed at all. */
  async near(latitude: number, longitude: number, limit: number): Promise<NearbyCameras> {
    const { cameras, total } = await this.links.near(latitude, longitude, limit);
    // Asked only with none near: the popup then says whether the area has none or the app none at all.
    const anyPlaced = total > 0 || (await this.cameras.anyPlaced());
    return {
      radiusM: CORRELATION_RADIUS_M,
      total,
      anyPlaced,
      cameras: cameras.map((camera) => ({
        ...camera,
        distanceM: Math.round(camera.distanceM * 10) / 10,
        distanceMiles: Math.round((camera.distanceM / METRES_PER_MILE) * 100) / 100,
        snapshotPath: snapshotPath(camera.id),
      })),
    };
  }
}
