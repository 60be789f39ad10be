// The GeoJSON of an export (RFC 7946): one FeatureCollection, a Point feature per row, its layer among its properties.
import type { ExportLayer } from './export-rows.js';

export function exportGeoJson(layers: readonly ExportLayer[]): string {
  const features = layers.flatMap((layer) =>
    layer.rows.map((row) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [row.longitude, row.latitude] },
      properties: { layer: layer.name, ...row.values },
    })),
  );
  return JSON.stringify({ type: 'FeatureCollection', features });
}
