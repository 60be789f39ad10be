// Aircraft: the ADS-B poller (each position checked against the geofences, firefighting aircraft
// paired with fires), the aircraft list and the pairs.
import { CorrelationRepository } from '../correlations/correlation-repository.js';
import type { DomainModule } from '../domain-module.js';
import { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import { aircraftMaxAgeSeconds } from './aircraft-max-age.js';
import { aircraftPollerJob } from './aircraft-poller.js';
import { AircraftQueries } from './aircraft-queries.js';
import { AircraftRepository } from './aircraft-repository.js';
import { aircraftRoutes } from './aircraft-routes.js';
import { AircraftTrackRepository } from './aircraft-track-repository.js';
import { readAircraftSettings } from './aircraft-settings.js';
import { FirefightingIdentifier } from './firefighting-identifier.js';
import { SettingsFollowingSource } from './settings-following-source.js';
import { aircraftAlertTitle } from './aircraft-alert-title.js';

export const aircraftModule: DomainModule = {
  name: 'aircraft',
  async register(app) {
    const { settings } = app.config;
    const aircraft = new AircraftRepository(app.db);
    // A receiver or OpenSky set by the user (ADSB_URL), else the keyless public aggregator; as the Sources panel and
    // the environment have it at each run.
    const current = () => readAircraftSettings(app.sourceSettings.settings());
    const { intervalSeconds } = current();
    const source = new SettingsFollowingSource(() => current().source, app.db);
    app.addHook('onClose', async () => source.stop());
    app.health.addSection('aircraft', () => source.health());
    app.jobs.register(
      app.correlations.after(
        aircraftPollerJob({
          aircraft,
          identifier: FirefightingIdentifier.fromShippedList(),
          source,
          intervalSeconds,
          // An aircraft on the ground (parked or taxiing at an airport inside a fence) is not news: only airborne ones
          // raise an alert.
          onPositions: (positions) =>
            app.geofences.checkQuietly(
              positions.filter((position) => !position.onGround).map((position) => ({
                objectType: 'aircraft',
                objectId: position.icao24,
                title: aircraftAlertTitle(position),
                geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
              })),
              // Every aircraft in the answer, each poll: those overhead when a fence is drawn do not alert.
              { wholeState: true },
            ),
        }),
      ),
    );
    await app.register(aircraftRoutes, {
      aircraft: new AircraftQueries(
        aircraft,
        new AircraftTrackRepository(app.db),
        new CorrelationRepository(app.db),
        aircraftMaxAgeSeconds(settings),
        new GeofenceShapeRepository(app.db),
      ),
    });
  },
};
