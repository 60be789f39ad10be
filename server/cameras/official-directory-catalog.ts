// The built-in official camera directories: transportation departments that publish their cameras with
// coordinates. Caltrans publishes one CCTV status file per district (CWWP2), so each district is a directory
// the user switches on by itself.

export const CALTRANS_DEFAULT_URL = 'https://cwwp2.dot.ca.gov/data';

export interface OfficialDirectory {
  /** Stable id, also the key of its row in camera_directories: `caltrans-d3`. */
  id: string;
  name: string;
  publisher: string;
  /** Where its list is read from, under the configured base URL. */
  url: string;
}

/** Caltrans districts by number, named by the area they cover. */
const CALTRANS_DISTRICT_AREAS: Readonly<Record<number, string>> = {
  1: 'North Coast, Eureka',
  2: 'Northeast, Redding',
  3: 'Sacramento area',
  4: 'San Francisco Bay Area',
  5: 'Central Coast, San Luis Obispo',
  6: 'Central Valley, Fresno',
  7: 'Los Angeles and Ventura',
  8: 'Inland Empire, San Bernardino',
  9: 'Eastern Sierra, Bishop',
  10: 'Stockton and the Mother Lode',
  11: 'San Diego and Imperial',
  12: 'Orange County',
};

/** `{base}/d3/cctv/cctvStatusD03.json`: the district folder is unpadded, the file name two digits. */
export function caltransDistrictUrl(baseUrl: string, district: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/d${district}/cctv/cctvStatusD${String(district).padStart(2, '0')}.json`;
}

export function officialDirectoryCatalog(caltransBaseUrl: string): OfficialDirectory[] {
  return Object.entries(CALTRANS_DISTRICT_AREAS).map(([number, area]) => ({
    id: `caltrans-d${number}`,
    name: `Caltrans District ${number} (${area})`,
    publisher: 'Caltrans CCTV (cwwp2.dot.ca.gov)',
    url: caltransDistrictUrl(caltransBaseUrl, Number(number)),
  }));
}
