// The title of an alert raised about an aircraft that flew into a geofence: which aircraft, where and when it was seen
// there, as a fire's alert says where and when it was detected ("Aircraft CFR204 (CL4T)" alone said neither).
import { utcMinute } from '../events/alert-title.js';
import type { AircraftPosition } from './adsb-feed.js';

export function aircraftAlertTitle(position: Pick<AircraftPosition, 'icao24' | 'callsign' | 'typeCode' | 'latitude' | 'longitude' | 'seenAt'>): string {
  const name = `Aircraft ${position.callsign ?? position.icao24}${position.typeCode ? ` (${position.typeCode})` : ''}`;
  const where = `${name} at ${position.latitude.toFixed(3)}, ${position.longitude.toFixed(3)}`;
  const when = utcMinute(position.seenAt);
  return when ? `${where} · seen ${when}` : where;
}
