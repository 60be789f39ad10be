// The rules of an export: fires through the fire list's own rules (window, view, filter, the geofence checked),
// aircraft at their current positions (firefighting only when asked), incidents as they stand and the events of the
// fires' window (the map's News & events layer), all in the view and the geofence — or, at a playback minute, the aircraft where they were then and the incidents discovered by
// then; each layer capped, one row more read to know whether the cap cut it.
import { fireSelection, type FireRequest } from '../fires/fire-queries.js';
import type { FireRepository } from '../fires/fire-repository.js';
import { type ExportAccount, exportAccount } from './export-account.js';
import { AIRCRAFT_COLUMNS, aircraftRow, EVENT_COLUMNS, eventRow, FIRE_COLUMNS, fireRow, INCIDENT_COLUMNS, incidentRow } from './export-layers.js';
import type { ExportRepository } from './export-repository.js';
import type { ExportLayer, ExportRow } from './export-rows.js';
import { type ExportFormat, type ExportLayerName, exportRowCap } from './export-schemas.js';

export interface ExportRequest extends FireRequest {
  format: ExportFormat;
  layers: readonly ExportLayerName[];
  firefightingOnly: boolean;
  /** A playback minute's end: aircraft where they were then, incidents discovered by then (absent: now). */
  at?: Date;
}

function capped(name: ExportLayerName, columns: readonly string[], rows: ExportRow[], cap: number): ExportLayer {
  return { name, columns, rows: rows.slice(0, cap), truncated: rows.length > cap };
}

export class ExportService {
  constructor(
    private readonly fires: FireRepository,
    private readonly exports: ExportRepository,
    /** An aircraft not seen for longer is not current (AIRCRAFT_MAX_AGE_SECONDS). */
    private readonly aircraftMaxAgeSeconds: number,
  ) {}

  /** The asked-for layers, in the order asked, and what they are of (the window, the view, the filters, the counts). */
  async layers(request: ExportRequest): Promise<{ layers: ExportLayer[]; account: ExportAccount }> {
    // Checked first for every layer: the window's order and the geofence's existence.
    const selection = await fireSelection(this.fires, request);
    const { bbox, fence } = selection;
    const read = async (name: ExportLayerName): Promise<ExportLayer> => {
      const cap = exportRowCap(request.format, name);
      const rows = cap + 1;
      if (name === 'fires') return capped(name, FIRE_COLUMNS, (await this.exports.fires(selection, rows)).map(fireRow), cap);
      if (name === 'aircraft') {
        const { at, firefightingOnly } = request;
        // Current: seen within the age an aircraft counts as current, before now or before the minute asked.
        const seenSince = new Date((at?.getTime() ?? Date.now()) - this.aircraftMaxAgeSeconds * 1000);
        const found = at
          ? await this.exports.aircraftAt({ bbox, at, seenSince, firefightingOnly, fence }, rows)
          : await this.exports.aircraft({ bbox, seenSince, firefightingOnly, fence }, rows);
        return capped(name, AIRCRAFT_COLUMNS, found.map(aircraftRow), cap);
      }
      if (name === 'events') {
        const found = await this.exports.events({ bbox, since: selection.since, until: selection.until, fence }, rows);
        return capped(name, EVENT_COLUMNS, found.map(eventRow), cap);
      }
      return capped(name, INCIDENT_COLUMNS, (await this.exports.incidents({ bbox, fence, discoveredBefore: request.at ?? null }, rows)).map(incidentRow), cap);
    };
    const layers: ExportLayer[] = [];
    for (const name of request.layers) layers.push(await read(name));
    const { since, until, filter } = selection;
    const geofenceName = filter.geofence ? await this.exports.geofenceName(filter.geofence) : null;
    const account = exportAccount({ now: new Date(), at: request.at, since, until, bbox, filter, geofenceName, firefightingOnly: request.firefightingOnly, layers });
    return { layers, account };
  }
}
