// Detections stored through POST /api/ingest/fires (JSON rows, as the route takes them), for tests of fire reads.
import type { FastifyInstance } from 'fastify';
import { authorized } from './test-app.js';

export interface FireRow {
  lon: number;
  lat: number;
  /** Acquisition time, epoch ms (sent to the second). */
  at: number;
  frp?: number;
}

export function ingestFireRows(app: FastifyInstance, rows: readonly FireRow[]) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/fires',
    headers: authorized,
    payload: rows.map((row) => ({
      latitude: row.lat,
      longitude: row.lon,
      acq_time: new Date(row.at).toISOString().replace(/\.\d+Z$/, 'Z'),
      satellite: 'N',
      confidence: 'n',
      frp: row.frp ?? 4.5,
      daynight: 'D',
    })),
  });
}
