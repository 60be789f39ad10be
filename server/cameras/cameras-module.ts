// Cameras: the crawl of public directories (every address through the guard, places by the gazetteer, else geocoding) and of
// the built-in official directories switched on (placed by their own coordinates), the editable directory
// list, the camera list, cameras near a fire or incident, snapshots, and the counts health shows.
import path from 'node:path';
import { CameraLinkRepository } from '../correlations/camera-link-repository.js';
import type { DomainModule } from '../domain-module.js';
import { CameraAddressPolicy } from './camera-address-policy.js';
import { cameraEvents } from './camera-events.js';
import { cameraCrawlJob } from './camera-crawl-job.js';
import { CameraCrawler } from './camera-crawler.js';
import { CameraQueries } from './camera-queries.js';
import { CameraRepository } from './camera-repository.js';
import { cameraRoutes } from './camera-routes.js';
import { readCameraSettings } from './camera-settings.js';
import { CameraSourceRepository } from './camera-source-repository.js';
import { cameraSourceRoutes } from './camera-source-routes.js';
import { CameraSources } from './camera-sources.js';
import { GeocodeRepository } from './geocode-repository.js';
import { Geocoder } from './geocoder.js';
import { HostRateLimiter } from './host-rate-limiter.js';
import { OfficialDirectoriesService } from './official-directories-service.js';
import { officialDirectoryCatalog } from './official-directory-catalog.js';
import { OfficialDirectoryRepository } from './official-directory-repository.js';
import { officialDirectoryRoutes } from './official-directory-routes.js';
import { SnapshotCache } from './snapshot-cache.js';
import { SnapshotFetcher } from './snapshot-fetcher.js';
import { SnapshotService } from './snapshot-service.js';

export const camerasModule: DomainModule = {
  name: 'cameras',
  async register(app) {
    app.eventSources.add(cameraEvents);
    const settings = readCameraSettings(app.config.settings);
    const cameras = new CameraRepository(app.db);
    const policy = new CameraAddressPolicy(app.config.cameraTestAllowedHosts);
    // One per-host limit for directory pages and snapshots alike.
    const limiter = new HostRateLimiter({ requestsPerSecond: settings.hostRatePerSecond });
    app.addHook('onClose', async () => limiter.stop());
    const crawler = new CameraCrawler({
      cameras,
      policy,
      limiter,
      geocoder: settings.geocoderUrl ? new Geocoder(new GeocodeRepository(app.db), settings.geocoderUrl) : null,
      // The gazetteer first (offline); the online geocoder only for what it cannot answer.
      gazetteer: {
        ready: () => app.gazetteer.progress().state === 'ready',
        resolveParts: (city, region) => app.placeResolver.resolveParts(city, region),
      },
      publisher: app.eventPublisher,
      log: app.log,
      maxPagesPerSource: settings.maxPagesPerSource,
    });
    const sources = new CameraSources(new CameraSourceRepository(app.db), settings.sources);
    const official = new OfficialDirectoriesService({
      catalog: officialDirectoryCatalog(settings.caltransCctvUrl),
      states: new OfficialDirectoryRepository(app.db),
      cameras,
      crawler,
      log: app.log,
      runCrawlJob: () => app.jobs.run('cameras'),
    });
    // A crawl started by switching a directory on finishes before the database goes.
    app.addHook('onClose', async () => official.settled());
    app.jobs.register(cameraCrawlJob({ crawler, sources, official, intervalSeconds: settings.intervalSeconds }));
    await app.register(cameraSourceRoutes, { sources });
    await app.register(officialDirectoryRoutes, { directories: official });
    const snapshots = new SnapshotService(
      cameras,
      new SnapshotCache(path.join(app.config.dataDir, 'snapshots'), settings.snapshotCacheBytes),
      new SnapshotFetcher(policy, {}, limiter),
      settings.snapshotTtlSeconds,
    );
    await app.register(cameraRoutes, { cameras: new CameraQueries(cameras, new CameraLinkRepository(app.db)), snapshots, ttlSeconds: settings.snapshotTtlSeconds });
    app.health.addSection('cameras', async () => {
      const counts = await cameras.counts();
      // placedBy*: cameras placed since the app started, offline by the gazetteer or by the online geocoder.
      return { total: counts.total, onMap: counts.placed, unplaced: counts.unplaced, awaitingGeocoder: counts.pending, ...crawler.placementCounts() };
    });
  },
};
