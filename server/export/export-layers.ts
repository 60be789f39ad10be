// How each layer reads in an export: its columns, and each stored row as a point, named values, a title and an instant.
import type { AircraftExportRow, EventExportRow, FireExportRow, IncidentExportRow } from './export-repository.js';
import type { ExportRow } from './export-rows.js';
import { instrumentOfSatellite, satelliteName } from '../fires/satellite-names.js';

const CONFIDENCE_WORDS = { l: 'low', n: 'nominal', h: 'high' } as const;

export const FIRE_COLUMNS = ['acq_time', 'satellite', 'satellite_name', 'instrument', 'confidence', 'confidence_class', 'frp_mw', 'brightness_k', 'day_night'] as const;

export function fireRow(row: FireExportRow): ExportRow {
  const confidenceClass = row.confidence_class ? CONFIDENCE_WORDS[row.confidence_class] : null;
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    values: {
      acq_time: row.acq_time,
      satellite: row.satellite,
      satellite_name: satelliteName(row.satellite),
      // FIRMS' global MODIS files have no instrument column (stored as given): the satellite says which.
      instrument: row.instrument ?? instrumentOfSatellite(row.satellite),
      confidence: row.confidence,
      confidence_class: confidenceClass,
      frp_mw: row.frp,
      brightness_k: row.brightness,
      day_night: row.daynight,
    },
    title: `Fire ${row.frp === null ? '' : `${row.frp} MW `}${row.acq_time}`,
    when: row.acq_time,
  };
}

export const AIRCRAFT_COLUMNS = [
  'icao24', 'callsign', 'registration', 'type_code', 'operator', 'altitude_ft', 'on_ground', 'ground_speed_kt', 'track_deg', 'seen_at',
  'firefighting', 'firefighting_reason',
] as const;

export function aircraftRow(row: AircraftExportRow): ExportRow {
  const { latitude, longitude, ...values } = row;
  return { latitude, longitude, values, title: `Aircraft ${row.callsign ?? row.icao24}`, when: row.seen_at };
}

// `kind` last: added after the others, so a reader of the columns by position is not thrown.
export const INCIDENT_COLUMNS = ['irwin_id', 'name', 'size_acres', 'percent_contained', 'discovered_at', 'state', 'kind'] as const;

export function incidentRow(row: IncidentExportRow): ExportRow {
  const { latitude, longitude, ...values } = row;
  return { latitude, longitude, values, title: `Incident ${row.name}`, when: row.discovered_at };
}

export const EVENT_COLUMNS = ['occurred_at', 'source', 'title', 'summary', 'place', 'outlet', 'link'] as const;

const EVENT_TITLE_PREFIX: Record<string, string> = { news: 'News', alert: 'Alert', camera: 'Camera', aircraft: 'Aircraft', incident: 'Incident' };

export function eventRow(row: EventExportRow): ExportRow {
  const { latitude, longitude, ...values } = row;
  return { latitude, longitude, values, title: `${EVENT_TITLE_PREFIX[row.source] ?? 'Event'}: ${row.title}`, when: row.occurred_at };
}
