// The ADS-B source the settings choose: ADSB_URL as it is, else the public aggregator around incidents and fires,
// else (ADSB_AGGREGATOR_URL=off) none.
import type { Database } from '../db/database.js';
import { AggregatorAircraftSource } from './aggregator-source.js';
import { AircraftAreaRepository } from './aircraft-area-repository.js';
import type { AircraftSourceSettings } from './aircraft-settings.js';
import { type AircraftSource, IdleAircraftSource, UrlAircraftSource } from './aircraft-source.js';

export function openAircraftSource(settings: AircraftSourceSettings, db: Database): AircraftSource {
  switch (settings.mode) {
    case 'receiver':
    case 'opensky':
      return new UrlAircraftSource(settings.url);
    case 'aggregator':
      return new AggregatorAircraftSource(settings, new AircraftAreaRepository(db));
    case 'off':
      return new IdleAircraftSource(settings.reason);
  }
}
