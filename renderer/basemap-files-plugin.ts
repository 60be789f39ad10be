// Vite plugin: the offline basemap's shapes as GeoJSON files among the built assets, made from world-atlas's
// TopoJSON at build time, and `virtual:basemap-files` naming their addresses. MapLibre's worker fetches and
// parses them itself: the page's main thread used to convert the TopoJSON and copy the GeoJSON to the worker,
// which held it ~1 s just after the map was ready (the 1:50m detail) and on the way to ready (the 1:110m shapes).
import type { Plugin } from 'vite';
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };
import countries50m from 'world-atlas/countries-50m.json' with { type: 'json' };
import { type BasemapShapes, basemapShapes, type CountriesTopology } from './src/map/basemap-shapes.js';

const MODULE_ID = 'virtual:basemap-files';
const RESOLVED_ID = `\0${MODULE_ID}`;
const SCALES = { '110m': countries110m, '50m': countries50m } as const;
const LAYERS = ['countries', 'borders', 'coasts'] as const satisfies ReadonlyArray<keyof BasemapShapes>;

// Five decimals of a degree is about a metre: far finer than 1:50m shapes, and the files shrink by half.
const roundCoordinate = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1e5) / 1e5 : value);

export function basemapFilesPlugin(): Plugin {
  return {
    name: 'vantage-basemap-files',
    apply: 'build',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const entries = Object.entries(SCALES).map(([scale, topology]) => {
        const shapes = basemapShapes(topology as unknown as CountriesTopology);
        const urls = LAYERS.map((layer) => {
          const reference = this.emitFile({ type: 'asset', name: `${layer}-${scale}.json`, source: JSON.stringify(shapes[layer], roundCoordinate) });
          // Rollup writes an absolute address (from the module's own): the worker that fetches it lives at a blob: URL.
          return `${layer}: import.meta.ROLLUP_FILE_URL_${reference}`;
        });
        return `'${scale}': { ${urls.join(', ')} }`;
      });
      return `export default { ${entries.join(', ')} };`;
    },
  };
}
