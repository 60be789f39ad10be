// Aircraft: the ADS-B poller (each position checked against the geofences, firefighting aircraft
// paired with fires), the aircraft list and the pairs.
import { CorrelationRepository } from '../correlations/correlation-repository.js';
import type { DomainModule } from '../domain-module.js';
import { aircraftMaxAgeSeconds } from './aircraft-max-age.js';
import { aircraftPollerJob } from './aircraft-poller.js';
import { AircraftRepository } from './aircraft-repository.js';
import { aircraftRoutes } from './aircraft-routes.js';
import { FirefightingIdentifier } from './firefighting-identifier.js';

export const aircraftModule: DomainModule = {
  name: 'aircraft',
  async register(app) {
    const { settings } = app.config;
    const aircraft = new AircraftRepository(app.db);
    app.jobs.register(
      app.correlations.after(
        aircraftPollerJob({
          aircraft,
          identifier: FirefightingIdentifier.fromShippedList(),
          url: settings.ADSB_URL || null,
          intervalSeconds: Math.max(5, Number(settings.ADSB_INTERVAL) || 60),
          onPositions: (positions) =>
            app.geofences.checkQuietly(
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
    await app.register(aircraftRoutes, { aircraft, correlations: new CorrelationRepository(app.db), maxAgeSeconds: aircraftMaxAgeSeconds(settings) });
  },
};
