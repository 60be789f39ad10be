// The domains the app is assembled from, in the order they register: shared services first (jobs, health,
// source settings, keys, events, geofences, correlations, places), then the sources that use them, then what reads
// across them (export), then live delivery.
import { aircraftModule } from './aircraft/aircraft-module.js';
import { camerasModule } from './cameras/cameras-module.js';
import { correlationsModule } from './correlations/correlations-module.js';
import type { DomainModule } from './domain-module.js';
import { eventsModule } from './events/events-module.js';
import { exportModule } from './export/export-module.js';
import { firesModule } from './fires/fires-module.js';
import { geofencesModule } from './geofences/geofences-module.js';
import { healthModule } from './health/health-module.js';
import { incidentsModule } from './incidents/incidents-module.js';
import { jobsModule } from './jobs/jobs-module.js';
import { keysModule } from './keys/keys-module.js';
import { liveModule } from './live/live-module.js';
import { newsModule } from './news/news-domain.js';
import { placesModule } from './places/places-module.js';
import { sourceSettingsModule } from './source-settings/source-settings-module.js';
import { uiModule } from './ui-settings/ui-module.js';

export function appDomains(version: string): DomainModule[] {
  return [
    jobsModule,
    healthModule(version),
    sourceSettingsModule,
    keysModule,
    uiModule,
    eventsModule,
    geofencesModule,
    correlationsModule,
    placesModule,
    firesModule,
    incidentsModule,
    aircraftModule,
    camerasModule,
    newsModule,
    exportModule,
    liveModule,
  ];
}
