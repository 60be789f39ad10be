// GET /api/export: what is asked for (format, layers, the view, the window, the fire filter, firefighting aircraft
// only) and what it answers (a file to download in the format asked for).
import { z } from 'zod';
import { commaList, fireFilterQuery } from '../fires/fire-filter.js';
import { bboxParam, instantParam, windowEndParam } from '../http/query-params.js';
import { binaryResponse } from '../http/response-schemas.js';

export const EXPORT_FORMATS = ['csv', 'geojson', 'kml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LAYERS = ['fires', 'aircraft', 'incidents', 'events'] as const;
export type ExportLayerName = (typeof EXPORT_LAYERS)[number];

export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    /** Comma list; every layer unless given. */
    layers: commaList('layers', EXPORT_LAYERS).default([...EXPORT_LAYERS]),
    bbox: bboxParam.optional(),
    /**
     * The window of fires and events (the last day unless given); aircraft are their current positions, incidents as
     * they stand.
     */
    since: instantParam.optional(),
    until: windowEndParam.optional(),
    ...fireFilterQuery,
    /** Only aircraft identified as firefighting. */
    firefighting: z.enum(['true', 'false']).optional(),
    /**
     * The end of a playback minute: aircraft where they were then (each one's latest position before it) and the
     * incidents discovered by then, as the map shows that minute. Without it, now.
     */
    at: instantParam.optional(),
  })
  .strict();
export type ExportQuery = z.input<typeof exportQuery>;

/** The content type each format is answered with. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
};

/** The file's extension per format. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', geojson: 'geojson', kml: 'kml' };

/** The rows a layer answers at most; `x-vantage-truncated: true` says when a cap cut the answer. */
export const EXPORT_ROW_CAPS: Record<ExportLayerName, number> = { fires: 100_000, aircraft: 20_000, incidents: 20_000, events: 20_000 };
/**
 * KML's own cap per layer: Google Earth bogs down well before 100,000 placemarks, and writing them takes seconds
 * per 10,000 (each placemark carries its values as ExtendedData).
 */
export const KML_ROW_CAP = 20_000;

export function exportRowCap(format: ExportFormat, layer: ExportLayerName): number {
  return format === 'kml' ? Math.min(KML_ROW_CAP, EXPORT_ROW_CAPS[layer]) : EXPORT_ROW_CAPS[layer];
}

export const exportFile = binaryResponse(
  'the file to download (content-disposition: attachment); header x-vantage-truncated says whether a row cap cut it, x-vantage-rows how many rows each layer holds (`fires=12;aircraft=3;events=40`)',
  ['text/csv', 'application/geo+json', 'application/vnd.google-earth.kml+xml'],
);
