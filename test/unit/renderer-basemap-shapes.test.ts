// The basemap's shapes made at build time from world-atlas: every country, each ring drawn continuously across
// ±180° (no band smeared across the map), borders and coasts split where they cross it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { basemapShapes, type CountriesTopology } from '../../renderer/src/map/basemap-shapes.js';

const require = createRequire(import.meta.url);
const topology = (scale: '110m' | '50m') => JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${scale}.json`), 'utf8')) as CountriesTopology;

const largestJump = (line: Position[]) => Math.max(0, ...line.slice(1).map((point, index) => Math.abs(point[0]! - line[index]![0]!)));

describe.each(['110m', '50m'] as const)('basemap shapes at 1:%s', (scale) => {
  const source = topology(scale);
  const shapes = basemapShapes(source);

  it('has every country of the atlas, with its name', () => {
    expect(shapes.countries.features).toHaveLength(source.objects.countries.geometries.length);
    const names = shapes.countries.features.map((feature) => feature.properties?.name);
    expect(names).toEqual(expect.arrayContaining(['Russia', 'Fiji', 'Brazil', 'Portugal']));
  });

  it('draws every ring without a jump across the map, Russia and Fiji included', () => {
    const rings = shapes.countries.features.flatMap((feature) => {
      const geometry = feature.geometry;
      if (geometry.type === 'Polygon') return geometry.coordinates;
      if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
      return [];
    });
    expect(rings.length).toBeGreaterThan(100);
    expect(Math.max(...rings.map(largestJump))).toBeLessThanOrEqual(180);
    const russia = shapes.countries.features.find((feature) => feature.properties?.name === 'Russia')!;
    const longitudes = (russia.geometry as { coordinates: Position[][][] }).coordinates.flat(2).map((point) => point[0]!);
    // Chukotka continues east of +180° instead of wrapping to −180°.
    expect(Math.max(...longitudes)).toBeGreaterThan(180);
  });

  it('splits borders and coasts where they cross ±180°', () => {
    for (const lines of [shapes.borders, shapes.coasts]) {
      expect(lines.coordinates.length).toBeGreaterThan(10);
      expect(Math.max(...lines.coordinates.map(largestJump))).toBeLessThanOrEqual(180);
    }
  });
});
