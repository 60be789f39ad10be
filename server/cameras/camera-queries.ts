// What GET /api/cameras reads: placed cameras (credentials never included), each with the path of its snapshot.
import type { Bbox } from '../http/query-params.js';
import type { Camera, CameraRepository } from './camera-repository.js';
import { snapshotPath } from './snapshot-service.js';

export type ListedCamera = Camera & { snapshotPath: string };

export class CameraQueries {
  constructor(private readonly cameras: CameraRepository) {}

  async find(bbox: Bbox | undefined, limit: number): Promise<ListedCamera[]> {
    const cameras = await this.cameras.find(bbox, limit);
    return cameras.map((camera) => ({ ...camera, snapshotPath: snapshotPath(camera.id) }));
  }
}
