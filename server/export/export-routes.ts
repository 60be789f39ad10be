// GET /api/export?format=csv|geojson|kml&layers=&bbox=&since=&until=&<fire filter>&firefighting= — a file to download.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ExportAccount, isFiltered } from './export-account.js';
import { exportCsv } from './csv-export.js';
import { exportGeoJson } from './geojson-export.js';
import { exportKml } from './kml-export.js';
import type { ExportLayer } from './export-rows.js';
import { EXPORT_CONTENT_TYPES, EXPORT_EXTENSIONS, exportFile, type ExportFormat, exportQuery } from './export-schemas.js';
import type { ExportService } from './export-service.js';

/** `20260115T120301Z`: the instant in a file name (no colons, which some systems refuse). */
const fileInstant = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * When an export is of, in its file name: the moment it was saved (`20260115T120301Z`), or, as of an instant (`at`, a
 * playback minute's end), the minute shown: at 10:57:00 the minute 10:56 (`at-20261127T1056Z`).
 */
function fileStamp(at: Date | undefined): string {
  if (!at) return fileInstant(new Date());
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000 - 60_000);
  return `at-${minute.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z`;
}

function written(format: ExportFormat, layers: readonly ExportLayer[], account: ExportAccount, title: string): string {
  if (format === 'csv') return exportCsv(layers);
  if (format === 'geojson') return exportGeoJson(layers, account);
  return exportKml(layers, title, account);
}

export async function exportRoutes(app: FastifyInstance, options: { exports: ExportService }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/export', { schema: { querystring: exportQuery, response: { 200: exportFile } } }, async (request, reply) => {
    const { format, layers: names, firefighting, ...fireRequest } = request.query;
    const { layers, account } = await options.exports.layers({ ...fireRequest, format, layers: names, firefightingOnly: firefighting === 'true' });
    // A file narrowed by the Layers tab's filters says so in its name: a CSV has nowhere else to say it.
    const name = `vantage-${names.join('-')}${isFiltered(account) ? '-filtered' : ''}-${fileStamp(fireRequest.at)}`;
    return reply
      .header('content-type', EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${name}.${EXPORT_EXTENSIONS[format]}"`)
      .header('x-vantage-truncated', String(layers.some((layer) => layer.truncated)))
      .header('x-vantage-rows', layers.map((layer) => `${layer.name}=${layer.rows.length}`).join(';'))
      .header('cache-control', 'no-store')
      .send(Buffer.from(written(format, layers, account, name), 'utf8'));
  });
}
