// The basemap's vector tiles cut at build time: every tile of every zoom written (an empty one for open sea), the
// world's zooms cut from the 1:110m shapes and the closer ones from the 1:50m ones, each tile decoding to the
// countries, borders and coasts where they are.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CountriesTopology } from '../../renderer/src/map/basemap-shapes.js';
import { BASEMAP_DETAIL_MIN_ZOOM, BASEMAP_TILE_MAX_ZOOM, type BasemapTile, basemapTiles } from '../../renderer/src/map/basemap-tiles.js';

const require = createRequire(import.meta.url);
const topology = (scale: '110m' | '50m') => JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${scale}.json`), 'utf8')) as CountriesTopology;

/** The tile of a zoom holding a position (web mercator). */
function tileAt(z: number, lon: number, lat: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return [x, y];
}

describe('basemap tiles', () => {
  const byAddress = new Map<string, BasemapTile>();
  const decode = (z: number, x: number, y: number) => new VectorTile(new PbfReader(byAddress.get(`${z}/${x}/${y}`)!.bytes));
  /** The country names a zoom's tiles carry, all tiles together. */
  const countryNames = (z: number) => {
    const names = new Set<string>();
    for (const tile of byAddress.values()) {
      if (tile.z !== z || tile.bytes.length === 0) continue;
      const layer = new VectorTile(new PbfReader(tile.bytes)).layers.countries;
      for (let index = 0; index < (layer?.length ?? 0); index += 1) names.add(String(layer!.feature(index).properties.name));
    }
    return names;
  };

  beforeAll(() => {
    for (const tile of basemapTiles(topology('110m'), topology('50m'))) byAddress.set(`${tile.z}/${tile.x}/${tile.y}`, tile);
  });

  it('writes every tile of every zoom once, an empty one where there is only sea', () => {
    let expected = 0;
    for (let z = 0; z <= BASEMAP_TILE_MAX_ZOOM; z += 1) expected += 4 ** z;
    expect(byAddress.size).toBe(expected);
    const [x, y] = tileAt(BASEMAP_TILE_MAX_ZOOM, -130, -45); // the open South Pacific
    expect(byAddress.get(`${BASEMAP_TILE_MAX_ZOOM}/${x}/${y}`)?.bytes).toHaveLength(0);
  });

  it('cuts the world zooms from the 1:110m shapes and the closer ones from the 1:50m shapes', () => {
    const world = topology('110m').objects.countries.geometries.length;
    const detailed = topology('50m').objects.countries.geometries.length;
    expect(world).toBeLessThan(detailed);
    for (let z = 0; z < BASEMAP_DETAIL_MIN_ZOOM; z += 1) expect(countryNames(z).size, `zoom ${z}`).toBeLessThanOrEqual(world);
    // A few islands smaller than a pixel of the tile are left out where it is cut coarser; the deepest has them all.
    expect(countryNames(BASEMAP_DETAIL_MIN_ZOOM).size).toBeGreaterThan(world);
    expect(countryNames(BASEMAP_TILE_MAX_ZOOM).size).toBe(detailed);
    // Andorra is in the 1:50m atlas alone.
    expect(countryNames(BASEMAP_DETAIL_MIN_ZOOM - 1).has('Andorra')).toBe(false);
    expect(countryNames(BASEMAP_DETAIL_MIN_ZOOM).has('Andorra')).toBe(true);
  });

  it('draws France with its borders and coasts in the deepest tile over Paris', () => {
    const [x, y] = tileAt(BASEMAP_TILE_MAX_ZOOM, 2.35, 48.86);
    const tile = decode(BASEMAP_TILE_MAX_ZOOM, x, y);
    const countries = tile.layers.countries!;
    const names = Array.from({ length: countries.length }, (_, index) => countries.feature(index).properties.name);
    expect(names).toContain('France');
    // The tile over Paris is inland; the one over Brest has the coast, the one over Strasbourg the German border.
    expect(tile.layers.coasts).toBeUndefined();
    const brest = tileAt(BASEMAP_TILE_MAX_ZOOM, -4.49, 48.39);
    expect(decode(BASEMAP_TILE_MAX_ZOOM, ...brest).layers.coasts?.length).toBeGreaterThan(0);
    const strasbourg = tileAt(BASEMAP_TILE_MAX_ZOOM, 7.75, 48.58);
    expect(decode(BASEMAP_TILE_MAX_ZOOM, ...strasbourg).layers.borders?.length).toBeGreaterThan(0);
  });

  it('draws Fiji and Russia across ±180° without a band across the world tile', () => {
    // The shapes were unwrapped across the antimeridian, not smeared over the map: each ring of either country in the
    // world tile (which repeats what lies just beyond its edges, at both edges) spans less than half of it (Russia, from
    // 27°E to the antimeridian, is 43 % of the world; a ring drawn the long way round would span it all).
    const world = decode(0, 0, 0).layers.countries!;
    for (const name of ['Fiji', 'Russia']) {
      const pieces = Array.from({ length: world.length }, (_, index) => world.feature(index)).filter((feature) => feature.properties.name === name);
      expect(pieces.length, name).toBeGreaterThan(0);
      for (const ring of pieces.flatMap((piece) => piece.loadGeometry())) {
        const xs = ring.map((point) => point.x);
        expect(Math.max(...xs) - Math.min(...xs), name).toBeLessThan(4096 / 2);
      }
    }
  });
});
