// The offline basemap as vector tiles, cut once at build time (renderer/basemap-tiles-plugin.ts): three layers
// (`countries`, `borders`, `coasts`), the tiles of zooms 0–1 from Natural Earth's 1:110m shapes, made for maps of the
// whole world, and those of zoom 2 to BASEMAP_TILE_MAX_ZOOM from the 1:50m ones. The map fetches the few tiles of its
// view. It used to fetch GeoJSON files and cut them into tiles in its worker at every page load: 3.7 MB of 1:50m
// shapes parsed and indexed for any view at zoom 2 or closer: a page load at zoom 8 took 4.9 s of Chromium CPU against
// 3.8 s with the tiles, and touched 110 MB more memory (loads taken in turns, headless with SwiftShader, 2026-11-29).
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { type BasemapShapes, basemapShapes, type CountriesTopology } from './basemap-shapes.js';

/**
 * The deepest tiles; MapLibre overzooms beyond them. At this zoom a tile's 4,096 units are 150 m, finer than the
 * 1:50m shapes; from zoom 6 the land and coasts come at 1:10m from the place tiles anyway (land-detail.ts).
 */
export const BASEMAP_TILE_MAX_ZOOM = 6;

/**
 * The least zoom cut from the 1:50m shapes. The map's world view between the panels is below it at every common
 * screen (zoom 0.19 in a 1280×720 window, 0.54 at 1440×900, 1.26 at 1920×1080, 1.86 at 2560×1440), where a tenth of
 * a degree is at most a pixel.
 */
export const BASEMAP_DETAIL_MIN_ZOOM = 2;

const BASEMAP_LAYERS = ['countries', 'borders', 'coasts'] as const satisfies ReadonlyArray<keyof BasemapShapes>;

const EXTENT = 4096;

export interface BasemapTile {
  z: number;
  x: number;
  y: number;
  /** A Mapbox Vector Tile (version 2); empty where no layer has anything (open sea). */
  bytes: Uint8Array;
}

function tileIndexes(topology: CountriesTopology): Record<(typeof BASEMAP_LAYERS)[number], GeoJSONVT> {
  const shapes = basemapShapes(topology);
  const index = (shape: BasemapShapes[keyof BasemapShapes]) =>
    new GeoJSONVT(shape, { maxZoom: BASEMAP_TILE_MAX_ZOOM, indexMaxZoom: BASEMAP_TILE_MAX_ZOOM, extent: EXTENT });
  return { countries: index(shapes.countries), borders: index(shapes.borders), coasts: index(shapes.coasts) };
}

/**
 * Every tile from zoom 0 to BASEMAP_TILE_MAX_ZOOM, the empty ones too: a tile the server did not have would answer
 * 404, which MapLibre draws as empty but the browser reports as a failed load.
 */
export function* basemapTiles(coarse: CountriesTopology, detailed: CountriesTopology): Generator<BasemapTile> {
  const coarseIndexes = tileIndexes(coarse);
  const detailedIndexes = tileIndexes(detailed);
  for (let z = 0; z <= BASEMAP_TILE_MAX_ZOOM; z += 1) {
    const indexes = z < BASEMAP_DETAIL_MIN_ZOOM ? coarseIndexes : detailedIndexes;
    for (let x = 0; x < 2 ** z; x += 1) {
      for (let y = 0; y < 2 ** z; y += 1) {
        const layers: Parameters<typeof fromGeojsonVt>[0] = {};
        for (const layer of BASEMAP_LAYERS) {
          const tile = indexes[layer].getTile(z, x, y);
          if (tile && tile.features.length > 0) layers[layer] = tile;
        }
        const bytes = Object.keys(layers).length > 0 ? fromGeojsonVt(layers, { version: 2, extent: EXTENT }) : new Uint8Array(0);
        yield { z, x, y, bytes };
      }
    }
  }
}
