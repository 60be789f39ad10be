// SQL of the place a time zone is named after: the largest place of that name in the zone's countries, or a
// country's capital (its largest place when none is marked).
import type { Database } from '../db/database.js';
import { CODE_KIND } from './place-name-kind.js';

export interface TimeZonePlace {
  name: string;
  countryCode: string;
  countryName: string | null;
  admin1Name: string | null;
  latitude: number;
  longitude: number;
}

const COLUMNS = `p.name, p.country_code AS "countryCode", p.country_name AS "countryName", p.admin1_name AS "admin1Name",
       ST_Y(p.geom) AS latitude, ST_X(p.geom) AS longitude`;

// By any of its names (own, ASCII, alternates such as Calcutta for Kolkata), folded as search folds them.
const NAMED = `
SELECT ${COLUMNS}
FROM place_names n JOIN places p ON p.geoname_id = n.geoname_id
WHERE n.folded = gazetteer_fold($1::text) AND n.kind < ${CODE_KIND} AND p.country_code = ANY($2::text[])
ORDER BY p.population DESC, p.geoname_id
LIMIT 1`;

const CAPITAL = `
SELECT ${COLUMNS}
FROM places p
WHERE p.country_code = $1
ORDER BY p.feature_code = 'PPLC' DESC, p.population DESC, p.geoname_id
LIMIT 1`;

export class TimeZonePlaceRepository {
  constructor(private readonly db: Database) {}

  async named(name: string, countryCodes: readonly string[]): Promise<TimeZonePlace | null> {
    const { rows } = await this.db.query<TimeZonePlace>(NAMED, [name, countryCodes]);
    return rows[0] ?? null;
  }

  async capital(countryCode: string): Promise<TimeZonePlace | null> {
    const { rows } = await this.db.query<TimeZonePlace>(CAPITAL, [countryCode]);
    return rows[0] ?? null;
  }
}
