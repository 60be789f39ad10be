// The world's first-level divisions (states, provinces, regions): Natural Earth's 1:10m admin-1 simplified to about
// 1:50m detail, committed as resources/boundaries/admin1.topo.json (built by resources/data-build/
// build-admin1-boundaries.mjs; sources and licences in resources/boundaries/SOURCES.md).
import { readFile } from 'node:fs/promises';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { projectPath } from '../project-root.js';
import type { BoundaryRecord } from './boundary-record.js';

export const ADMIN1_BOUNDARIES_FILE = projectPath('resources', 'boundaries', 'admin1.topo.json');
export const ADMIN1_BOUNDARIES_SOURCE = 'natural-earth-10m-admin1-simplified';

/** A feature's properties in the file (the build script keeps only these). */
interface Admin1Properties {
  name: string;
  a3: string;
  a2: string;
  iso?: string;
  a1?: string;
}

interface Admin1Topology extends Topology<{ admin1: GeometryCollection<Admin1Properties> }> {
  source: { package: string; simplification: string };
}

export interface Admin1BoundaryRecord extends BoundaryRecord {
  level: 1;
  name: string;
  /** ISO 3166-1 alpha-3 of the country (Kosovo: XKX). */
  countryA3: string;
  /** ISO 3166-1 alpha-2 of the country, as places' countryCode. */
  countryA2: string;
  /** ISO 3166-2, "US-CA", where Natural Earth has one. */
  iso3166_2?: string;
  /** GeoNames' admin1 code, "US.CA", where Natural Earth has one (it may predate GeoNames' current codes). */
  geonamesAdmin1?: string;
  geometry: Polygon | MultiPolygon;
}

// Simplification and the 1e5 grid can leave a ring with fewer than three distinct points (topojson-client pads it
// to four copies of one), which PostGIS rejects as invalid; such a ring is not worth drawing.
function isDrawableRing(ring: Position[]): boolean {
  return new Set(ring.map(([x, y]) => `${x},${y}`)).size >= 3;
}

function drawable(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon | null {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates)
    .filter((rings) => rings[0] !== undefined && isDrawableRing(rings[0]))
    .map((rings) => rings.filter(isDrawableRing));
  if (polygons.length === 0) return null;
  return polygons.length === 1 && polygons[0] ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
}

async function readTopology(file: string): Promise<Admin1Topology> {
  return JSON.parse(await readFile(file, 'utf8')) as Admin1Topology;
}

/** Names the data, for the gazetteer's version: a rebuilt file (other source or other rules) reloads it. */
export async function admin1BoundariesVersion(file = ADMIN1_BOUNDARIES_FILE): Promise<string> {
  const { source } = await readTopology(file);
  return `${source.package} ${source.simplification}`;
}

/** Every first-level division in the file, as boundary records (level 1). */
export async function readAdmin1Boundaries(file = ADMIN1_BOUNDARIES_FILE): Promise<Admin1BoundaryRecord[]> {
  const topology = await readTopology(file);
  const records: Admin1BoundaryRecord[] = [];
  for (const item of feature(topology, topology.objects.admin1).features) {
    const { properties } = item;
    if (item.geometry?.type !== 'Polygon' && item.geometry?.type !== 'MultiPolygon') continue;
    const geometry = drawable(item.geometry);
    if (!geometry) continue;
    records.push({
      level: 1,
      name: properties.name,
      countryA3: properties.a3,
      countryA2: properties.a2,
      ...(properties.iso ? { iso3166_2: properties.iso } : {}),
      ...(properties.a1 ? { geonamesAdmin1: properties.a1 } : {}),
      source: ADMIN1_BOUNDARIES_SOURCE,
      geometry,
    });
  }
  return records;
}
