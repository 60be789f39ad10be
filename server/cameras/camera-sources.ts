// Which camera directories the crawl reads: the list saved in the app, else CAMERA_SOURCES.
import type { CameraSourceRepository } from './camera-source-repository.js';

export interface CameraSourceList {
  sources: string[];
  /** `saved`: edited in the app; `settings`: CAMERA_SOURCES. */
  origin: 'saved' | 'settings';
  updatedAt: string | null;
}

export class CameraSources {
  constructor(
    private readonly repository: CameraSourceRepository,
    private readonly fromSettings: readonly string[],
  ) {}

  async current(): Promise<CameraSourceList> {
    const saved = await this.repository.saved();
    return saved
      ? { sources: saved.urls, origin: 'saved', updatedAt: saved.updatedAt }
      : { sources: [...this.fromSettings], origin: 'settings', updatedAt: null };
  }

  async save(urls: readonly string[]): Promise<CameraSourceList> {
    await this.repository.save(urls);
    return this.current();
  }

  async reset(): Promise<CameraSourceList> {
    await this.repository.forget();
    return this.current();
  }
}
