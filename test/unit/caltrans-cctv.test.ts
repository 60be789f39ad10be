// The Caltrans CWWP2 CCTV reader on the District 3 fixture (the documented format, every value a string):
// cameras keep their own coordinates; out-of-service, unplaceable and imageless records are skipped by reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALTRANS_SKIP, isCaltransCctv, parseCaltransCctv } from '../../server/cameras/caltrans-cctv.js';
import { parseDirectory } from '../../server/cameras/camera-directory.js';
import { caltransDistrictUrl, officialDirectoryCatalog } from '../../server/cameras/official-directory-catalog.js';

const FIXTURE = readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'cameras', 'caltrans-cctvStatusD03.json'), 'utf8');
const record = (cctv: Record<string, unknown>) => ({ cctv });

describe('Caltrans CCTV status files', () => {
  it('reads the district file as a directory of placed cameras, whatever content type it came with', () => {
    for (const type of ['application/json', 'text/plain', '']) {
      const page = parseDirectory(type, FIXTURE, 'https://cwwp2.dot.ca.gov/data/d3/cctv/cctvStatusD03.json');
      expect(page.format).toBe('caltrans');
      expect(page.cameras).toEqual([
        {
          url: 'https://cwwp2.dot.ca.gov/data/d3/cctv/image/hwy50atwattave/hwy50atwattave.jpg',
          title: 'US-50: Hwy 50 at Watt Ave',
          city: 'Sacramento',
          country: 'United States',
          latitude: 38.554531,
          longitude: -121.384592,
        },
        {
          url: 'https://cwwp2.dot.ca.gov/data/d3/cctv/image/i80atnorthgate/i80atnorthgate.jpg',
          title: 'I-80 at Northgate Blvd',
          city: 'Sacramento',
          country: 'United States',
          latitude: 38.63721,
          longitude: -121.487125,
        },
        {
          url: 'https://cwwp2.dot.ca.gov/data/d3/cctv/image/i80atdonnerlake/i80atdonnerlake.jpg',
          title: 'I-80 at Donner Lake',
          city: 'Truckee',
          country: 'United States',
          latitude: 39.325912,
          longitude: -120.26135,
        },
      ]);
      expect(page.skipped).toBe(3);
      expect(page.skips).toEqual([
        { reason: CALTRANS_SKIP.outOfService, where: 'cctv 4' },
        { reason: CALTRANS_SKIP.position, where: 'cctv 5' },
        { reason: CALTRANS_SKIP.image, where: 'cctv 6' },
      ]);
    }
  });

  it('skips records that are not of the documented shape, and positions that are blank, zero, out of range or not decimals', () => {
    const image = { static: { currentImageURL: 'https://cwwp2.dot.ca.gov/data/d4/cctv/image/a/a.jpg' } };
    const page = parseCaltransCctv({
      data: [
        record({ index: '1', location: { latitude: '37.8', longitude: '-122.27' }, inService: 'true', imageData: image }),
        // A mirror writing numbers and booleans bare, and "Not Reported" service: kept.
        record({ index: 2, location: { latitude: 37.81, longitude: -122.28, nearbyPlace: 'Not Reported', county: 'Alameda' }, inService: 'Not Reported', imageData: image }),
        record({ index: '3', location: { latitude: '0', longitude: '0' }, imageData: image }),
        record({ index: '4', location: { latitude: '91', longitude: '-122' }, imageData: image }),
        record({ index: '5', location: { latitude: '0x25', longitude: '-122' }, imageData: image }),
        record({ index: '6', location: { latitude: '37.8', longitude: '-122.2' }, imageData: { static: { currentImageURL: 'ftp://x/y.jpg' } } }),
        record({ index: '7', location: 'Oakland' }),
        { camera: {} },
        null,
      ],
    });
    expect(page.cameras.map((camera) => [camera.latitude, camera.longitude, camera.city])).toEqual([
      [37.8, -122.27, null],
      [37.81, -122.28, 'Alameda County'],
    ]);
    expect(page.skippedReasons).toEqual({ [CALTRANS_SKIP.position]: 3, [CALTRANS_SKIP.image]: 1, [CALTRANS_SKIP.shape]: 3 });
    expect(page.skips.filter((skip) => skip.reason === CALTRANS_SKIP.shape).map((skip) => skip.where)).toEqual(['record 7', 'record 8', 'record 9']);
  });

  it('is told apart from other JSON lists', () => {
    expect(isCaltransCctv(JSON.parse(FIXTURE))).toBe(true);
    expect(isCaltransCctv({ data: ['http://cam.example/a.jpg'] })).toBe(false);
    expect(isCaltransCctv([{ cctv: {} }])).toBe(false);
    // A map of place to URLs that happens to use the key "data" is still read as one.
    expect(parseDirectory('application/json', '{"data": ["http://cam.example/a.jpg"]}', 'http://list.example/').format).toBe('json');
  });

  it('names the twelve districts at their CWWP2 addresses', () => {
    expect(caltransDistrictUrl('https://cwwp2.dot.ca.gov/data/', 3)).toBe('https://cwwp2.dot.ca.gov/data/d3/cctv/cctvStatusD03.json');
    expect(caltransDistrictUrl('https://cwwp2.dot.ca.gov/data', 11)).toBe('https://cwwp2.dot.ca.gov/data/d11/cctv/cctvStatusD11.json');
    const catalog = officialDirectoryCatalog('https://cwwp2.dot.ca.gov/data');
    expect(catalog).toHaveLength(12);
    expect(new Set(catalog.map((entry) => entry.id)).size).toBe(12);
    expect(catalog[2]).toMatchObject({ id: 'caltrans-d3', name: 'Caltrans District 3 (Sacramento area)' });
  });
});
