// The Fastify app as a plugin tree: infrastructure (config, errors, host guard, auth, db, bus), then domains.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { HealthRepository } from './health/health-repository.js';
import { healthRoutes } from './health/health-routes.js';
import { HealthService } from './health/health-service.js';
import { JobLockRepository } from './jobs/job-lock-repository.js';
import { jobRoutes } from './jobs/job-routes.js';
import { JobRunner } from './jobs/job-runner.js';
import { partitionJob } from './partitions/partition-job.js';
import { PartitionRepository } from './partitions/partition-repository.js';
import { PipelineStatusRepository } from './pipelines/pipeline-status-repository.js';
import websocket from '@fastify/websocket';
import { ensureEventStream } from './events/event-stream-setup.js';
import { eventRoutes } from './events/event-routes.js';
import { EventSearchRepository } from './events/event-search-repository.js';
import { PlaybackRepository } from './events/playback-repository.js';
import { aircraftPollerJob } from './aircraft/aircraft-poller.js';
import { AircraftRepository } from './aircraft/aircraft-repository.js';
import { aircraftRoutes } from './aircraft/aircraft-routes.js';
import { FirefightingIdentifier } from './aircraft/firefighting-identifier.js';
import { CorrelationRepository } from './correlations/correlation-repository.js';
import { CorrelationService } from './correlations/correlation-service.js';
import { EventPublisher } from './events/event-publisher.js';
import { firePollerJob } from './fires/fire-poller.js';
import { FireRepository } from './fires/fire-repository.js';
import { fireRoutes } from './fires/fire-routes.js';
import { FireService } from './fires/fire-service.js';
import { readFireSettings } from './fires/fire-settings.js';
import { incidentPollerJob, WFIGS_DEFAULT_URL } from './incidents/incident-poller.js';
import { IncidentRepository } from './incidents/incident-repository.js';
import { incidentRoutes } from './incidents/incident-routes.js';
import { ApiKeyRepository } from './keys/api-key-repository.js';
import { KeyCipher } from './keys/key-cipher.js';
import { keyRoutes } from './keys/key-routes.js';
import { KeyService } from './keys/key-service.js';
import { settingsKeySource } from './keys/key-source.js';
import { GeofenceRepository } from './geofences/geofence-repository.js';
import { geofenceRoutes } from './geofences/geofence-routes.js';
import { GeofenceService } from './geofences/geofence-service.js';
import { CameraAddressPolicy } from './cameras/camera-address-policy.js';
import { cameraCrawlJob } from './cameras/camera-crawl-job.js';
import { CameraCrawler } from './cameras/camera-crawler.js';
import { CameraRepository } from './cameras/camera-repository.js';
import { cameraRoutes } from './cameras/camera-routes.js';
import { CameraSourceRepository } from './cameras/camera-source-repository.js';
import { cameraSourceRoutes } from './cameras/camera-source-routes.js';
import { CameraSources } from './cameras/camera-sources.js';
import { readCameraSettings } from './cameras/camera-settings.js';
import { GeocodeRepository } from './cameras/geocode-repository.js';
import { Geocoder } from './cameras/geocoder.js';
import { HostRateLimiter } from './cameras/host-rate-limiter.js';
import { SnapshotCache } from './cameras/snapshot-cache.js';
import { SnapshotFetcher } from './cameras/snapshot-fetcher.js';
import { SnapshotService } from './cameras/snapshot-service.js';
import { createNews } from './news/news-module.js';
import { newsRoutes } from './news/news-routes.js';
import { LiveFeed } from './live/live-feed.js';
import { LiveHub } from './live/live-hub.js';
import { liveRoutes } from './live/live-routes.js';
import bearerAuth from './plugins/bearer-auth.js';
import bus from './plugins/bus.js';
import configPlugin from './plugins/config.js';
import crossSiteWriteGuard from './plugins/cross-site-write-guard.js';
import database from './plugins/database.js';
import errorHandler from './plugins/error-handler.js';
import hostGuard from './plugins/host-guard.js';
import openApi from './plugins/openapi.js';
import rendererStatic from './plugins/renderer-static.js';
import routeTable from './plugins/route-table.js';
import { readUiSettings } from './ui-settings/ui-settings.js';
import { uiSettingsRoutes } from './ui-settings/ui-settings-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    geofences: GeofenceService;
    keys: KeyService;
    health: HealthService;
    live: LiveHub;
  }
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface BuildAppOptions {
  logger?: Logger | false;
  /** Share a database handle (tests); otherwise one is made from config. */
  database?: Database;
}

export async function buildApp(config: ServerConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
    // A stopping API process does not wait on keep-alive connections.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(routeTable);
  await app.register(openApi, { version: VERSION });
  await app.register(hostGuard);
  await app.register(bearerAuth);
  await app.register(crossSiteWriteGuard);
  await app.register(database, options.database ? { database: options.database } : {});
  await app.register(bus);
  const uiSettings = readUiSettings(config.settings);
  await app.register(rendererStatic, { ...(config.rendererDir ? { rendererDir: config.rendererDir } : {}), onlineMapStyle: uiSettings.mapStyleUrl !== null });
  await app.register(uiSettingsRoutes, { settings: uiSettings });

  const pipelineStatus = new PipelineStatusRepository(app.db);
  const jobs = new JobRunner(new JobLockRepository(app.db), pipelineStatus, app.log);
  jobs.register(
    partitionJob(new PartitionRepository(app.db), { daysAhead: config.partitionDaysAhead, retentionDays: config.retentionDays }),
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stopSchedules());

  const keys = new KeyService(new ApiKeyRepository(app.db), new KeyCipher(config.dataKey), settingsKeySource(config.settings));
  const news = createNews({ db: app.db, keys, settings: config.settings, log: app.log, retentionDays: config.retentionDays });
  for (const job of news.jobs) jobs.register(job);

  const health = new HealthService(new HealthRepository(app.db), pipelineStatus, app.bus, VERSION, config.keyStorage);
  app.decorate('health', health);
  await app.register(healthRoutes, { service: health });
  await app.register(jobRoutes);
  health.addSection('news', () => news.health());
  await app.register(newsRoutes, news.routes);

  await ensureEventStream(app.bus.connection, { ackWaitMs: config.ingesterAckWaitMs });
  await app.register(eventRoutes, {
    search: new EventSearchRepository(app.db),
    playback: new PlaybackRepository(app.db),
    maxPlaybackHours: config.maxPlaybackHours,
  });

  const publisher = new EventPublisher(app.bus.connection);
  const aircraftMaxAgeSeconds = Math.max(30, Number(config.settings.AIRCRAFT_MAX_AGE_SECONDS) || 300);
  const correlationRepository = new CorrelationRepository(app.db);
  const correlations = new CorrelationService(correlationRepository, app.bus.connection, { aircraftMaxAgeSeconds, fireHours: 24 });

  await app.register(keyRoutes, { keys });
  app.decorate('keys', keys);

  const fires = new FireRepository(app.db);
  const fireSettings = readFireSettings(config.settings);
  const fireService = new FireService(app.db, fires, publisher, fireSettings.dataset);
  jobs.register(correlations.after(firePollerJob({ service: fireService, keys, settings: fireSettings })));
  await app.register(fireRoutes, {
    service: fireService,
    fires,
    ingestBodyLimitBytes: config.ingestBodyLimitBytes,
    maxTileFeatures: config.maxTileFeatures,
    afterIngest: async () => void (await correlations.refresh()),
  });

  const geofenceRepository = new GeofenceRepository(app.db);
  const geofences = new GeofenceService(geofenceRepository, app.bus.connection, app.log);
  app.decorate('geofences', geofences);
  await app.register(geofenceRoutes, { geofences: geofenceRepository });

  const incidents = new IncidentRepository(app.db);
  jobs.register(
    correlations.after(
      incidentPollerJob({
        incidents,
        baseUrl: config.settings.WILDFIRE_INCIDENTS_URL || WFIGS_DEFAULT_URL,
        intervalSeconds: Math.max(60, Number(config.settings.INCIDENTS_INTERVAL) || 900),
        onIncidents: (found) =>
          geofences.checkQuietly(
            found.map((incident) => ({
              objectType: 'incident',
              objectId: incident.irwinId,
              title: `Incident ${incident.name}`,
              geometry: { type: 'Point', coordinates: [incident.longitude, incident.latitude] },
            })),
          ),
      }),
    ),
  );
  await app.register(incidentRoutes, { incidents });

  const aircraft = new AircraftRepository(app.db);
  jobs.register(
    correlations.after(
      aircraftPollerJob({
        aircraft,
        identifier: FirefightingIdentifier.fromShippedList(),
        url: config.settings.ADSB_URL || null,
        intervalSeconds: Math.max(5, Number(config.settings.ADSB_INTERVAL) || 60),
        onPositions: (positions) =>
          geofences.checkQuietly(
            positions.map((position) => ({
              objectType: 'aircraft',
              objectId: position.icao24,
              title: `Aircraft ${position.callsign ?? position.icao24}${position.typeCode ? ` (${position.typeCode})` : ''}`,
              geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
            })),
          ),
      }),
    ),
  );
  await app.register(aircraftRoutes, { aircraft, correlations: correlationRepository, maxAgeSeconds: aircraftMaxAgeSeconds });

  const cameraSettings = readCameraSettings(config.settings);
  const cameras = new CameraRepository(app.db);
  const cameraPolicy = new CameraAddressPolicy(config.cameraTestAllowedHosts);
  const hostLimiter = new HostRateLimiter({ requestsPerSecond: cameraSettings.hostRatePerSecond });
  app.addHook('onClose', async () => hostLimiter.stop());
  const crawler = new CameraCrawler({
    cameras,
    policy: cameraPolicy,
    limiter: hostLimiter,
    geocoder: new Geocoder(new GeocodeRepository(app.db), cameraSettings.geocoderUrl),
    publisher,
    log: app.log,
    maxPagesPerSource: cameraSettings.maxPagesPerSource,
  });
  const cameraSources = new CameraSources(new CameraSourceRepository(app.db), cameraSettings.sources);
  jobs.register(cameraCrawlJob({ crawler, sources: cameraSources, intervalSeconds: cameraSettings.intervalSeconds }));
  await app.register(cameraSourceRoutes, { sources: cameraSources });
  const snapshots = new SnapshotService(
    cameras,
    new SnapshotCache(path.join(config.dataDir, 'snapshots'), cameraSettings.snapshotCacheBytes),
    new SnapshotFetcher(cameraPolicy, {}, hostLimiter),
    cameraSettings.snapshotTtlSeconds,
  );
  await app.register(cameraRoutes, { cameras, snapshots, ttlSeconds: cameraSettings.snapshotTtlSeconds });
  health.addSection('cameras', async () => {
    const counts = await cameras.counts();
    return { total: counts.total, onMap: counts.placed, unplaced: counts.unplaced, awaitingGeocoder: counts.pending };
  });

  const hub = new LiveHub(config.liveMaxBufferedBytes);
  app.decorate('live', hub);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(liveRoutes, { hub, maxMessageBytes: 4096 });
  const feed = new LiveFeed(app.bus.connection, hub, app.log);
  feed.start();
  // Clients go before the app closes, or close would wait on their sockets.
  app.addHook('preClose', async () => {
    feed.stop();
    hub.closeAll();
  });
  return app;
}
