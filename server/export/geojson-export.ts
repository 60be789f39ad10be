// The GeoJSON of an export (RFC 7946): one FeatureCollection, a Point feature per row, its layer among its properties;
// what the file is of in the foreign member `vantage` (export-account.ts), which GeoJSON readers carry or ignore.
import type { ExportAccount } from './export-account.js';
import type { ExportLayer } from './export-rows.js';

export function exportGeoJson(layers: readonly ExportLayer[], account: ExportAccount): string {
  const features = layers.flatMap((layer) =>
    layer.rows.map((row) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [row.longitude, row.latitude] },
      properties: { layer: layer.name, ...row.values },
    })),
  );
  return JSON.stringify({ type: 'FeatureCollection', vantage: account, features });
}
