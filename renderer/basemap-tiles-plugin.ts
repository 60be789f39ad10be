// Vite plugin: the offline basemap's vector tiles (basemap-tiles.ts), cut from world-atlas's TopoJSON at build time
// and written beside the built assets, and `virtual:basemap-tiles` naming their address template. The tiles' folder
// is named by a hash of their contents, so a new build's tiles never meet an old build's in a cache. They are written
// after the bundle rather than emitted into it: Vite would list each of the 5,461 files in the build's output.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };
import countries50m from 'world-atlas/countries-50m.json' with { type: 'json' };
import type { CountriesTopology } from './src/map/basemap-shapes.js';
import { BASEMAP_TILE_MAX_ZOOM, type BasemapTile, basemapTiles } from './src/map/basemap-tiles.js';

const MODULE_ID = 'virtual:basemap-tiles';
const RESOLVED_ID = `\0${MODULE_ID}`;

export function basemapTilesPlugin(): Plugin {
  let made: { folder: string; tiles: BasemapTile[] } | null = null;
  return {
    name: 'vantage-basemap-tiles',
    apply: 'build',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const tiles = [...basemapTiles(countries110m as unknown as CountriesTopology, countries50m as unknown as CountriesTopology)];
      const hash = createHash('sha256');
      for (const tile of tiles) hash.update(`${tile.z}/${tile.x}/${tile.y}:${tile.bytes.length}:`).update(tile.bytes);
      made = { folder: `basemap-${hash.digest('hex').slice(0, 10)}`, tiles };
      // The module lands in a chunk among the assets, where the folder is written; the address is absolute, as the
      // map's worker at a blob: URL needs it.
      return `export default { tiles: new URL('./${made.folder}/', import.meta.url).href + '{z}/{x}/{y}.pbf', maxzoom: ${BASEMAP_TILE_MAX_ZOOM} };`;
    },
    async writeBundle(options) {
      if (!made || !options.dir) return;
      const root = path.join(options.dir, 'assets', made.folder);
      for (let z = 0; z <= BASEMAP_TILE_MAX_ZOOM; z += 1) {
        for (let x = 0; x < 2 ** z; x += 1) await mkdir(path.join(root, String(z), String(x)), { recursive: true });
      }
      await Promise.all(made.tiles.map((tile) => writeFile(path.join(root, String(tile.z), String(tile.x), `${tile.y}.pbf`), tile.bytes)));
    },
  };
}
