// Incidents: the WFIGS poller (each incident checked against the geofences) and the incident list.
import type { DomainModule } from '../domain-module.js';
import { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import { incidentPollerJob } from './incident-poller.js';
import { IncidentQueries } from './incident-queries.js';
import { IncidentRepository } from './incident-repository.js';
import { incidentRoutes } from './incident-routes.js';
import { readIncidentSettings } from './incident-settings.js';

export const incidentsModule: DomainModule = {
  name: 'incidents',
  async register(app) {
    const incidents = new IncidentRepository(app.db);
    const settings = readIncidentSettings(app.config.settings);
    app.jobs.register(
      app.correlations.after(
        incidentPollerJob({
          incidents,
          ...settings,
          onIncidents: (found) =>
            app.geofences.checkQuietly(
              found.map((incident) => ({
                objectType: 'incident',
                objectId: incident.irwinId,
                title: `Incident ${incident.name}`,
                geometry: { type: 'Point', coordinates: [incident.longitude, incident.latitude] },
              })),
              // Every current incident, each run: a fence drawn over known incidents does not alert on them.
              { wholeState: true },
            ),
        }),
      ),
    );
    await app.register(incidentRoutes, { incidents: new IncidentQueries(incidents, new GeofenceShapeRepository(app.db)) });
  },
};
