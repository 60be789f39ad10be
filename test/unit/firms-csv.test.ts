import { describe, expect, it } from 'vitest';
import { acquisitionInstant, normaliseSatellite } from '../../server/fires/fire-detection.js';
import type { FirmsResponseError} from '../../server/fires/firms-csv.js';
import { firmsDetectionChunks, InvalidFirmsRowsError, parseFirmsCsv } from '../../server/fires/firms-csv.js';
import type { FireDetection } from '../../server/fires/fire-detection.js';
import { firmsFixture } from '../support/fake-firms.js';

const collectChunks = async (chunks: AsyncIterable<FireDetection[]>) => {
  const seen: FireDetection[][] = [];
  for await (const chunk of chunks) seen.push(chunk);
  return seen;
};

describe('FIRMS area CSV', () => {
  it('reads VIIRS rows: unpadded HHMM, l/n/h and empty confidence, empty FRP', () => {
    const { detections, problems } = parseFirmsCsv(firmsFixture('viirs-snpp.csv'));
    expect(problems).toEqual([]);
    expect(detections).toHaveLength(5);
    expect(detections.map((detection) => detection.acqTime)).toEqual([
      '2026-11-20T07:48:00.000Z',
      '2026-11-20T07:48:00.000Z',
      '2026-11-20T00:33:00.000Z',
      '2026-11-20T00:03:00.000Z',
      '2026-11-20T15:42:00.000Z',
    ]);
    expect(detections[0]).toMatchObject({ satellite: 'N', instrument: 'VIIRS', confidence: 'n', frp: 6.12, brightness: 337.46, brightnessT31: 289.93, daynight: 'N' });
    expect(detections[2]).toMatchObject({ confidence: 'l', frp: null });
    expect(detections[3]).toMatchObject({ confidence: null });
  });

  it('reads MODIS rows: brightness/bright_t31 and 0–100 confidence', () => {
    const { detections } = parseFirmsCsv(firmsFixture('modis.csv'));
    expect(detections.map((detection) => [detection.satellite, detection.confidence, detection.brightness, detection.brightnessT31])).toEqual([
      ['Terra', '78', 320.1, 298.2],
      ['Terra', '0', 318.4, 297.9],
      ['Aqua', '100', 305.7, 290.3],
    ]);
    expect(detections[0]?.acqTime).toBe('2026-11-20T01:48:00.000Z');
    expect(detections[1]?.frp).toBeNull();
  });

  it('treats satellite 1 and N20 as NOAA-20', () => {
    const { detections } = parseFirmsCsv(firmsFixture('viirs-noaa20.csv'));
    expect(detections.map((detection) => detection.satellite)).toEqual(['N20', 'N20', 'N20', 'N21']);
    expect(normaliseSatellite('1')).toBe('N20');
    expect(normaliseSatellite('Terra')).toBe('Terra');
    expect(normaliseSatellite('X9')).toBeNull();
  });

  it('a header alone is no detections', () => {
    expect(parseFirmsCsv(firmsFixture('viirs-empty.csv'))).toEqual({ detections: [], problems: [], notVegetationFires: 0 });
  });

  it('names each invalid row and why', () => {
    const { detections, problems } = parseFirmsCsv(firmsFixture('invalid-rows.csv'));
    expect(detections).toHaveLength(1);
    expect(problems.map((problem) => problem.row)).toEqual([2, 3, 4]);
    expect(problems[0]?.errors.join(' ')).toMatch(/latitude/);
    expect(problems[1]?.errors.join(' ')).toMatch(/HHMM/);
    expect(problems[2]?.errors.join(' ')).toMatch(/confidence|frp/);
  });

  it('recognises FIRMS error bodies, whatever the status', () => {
    const kinds = ['Invalid MAP_KEY.', 'Invalid area.', 'Exceeding allowed transaction limit.', '<html>Service Unavailable</html>'].map((body) => {
      try {
        parseFirmsCsv(body);
        return 'parsed';
      } catch (error) {
        return (error as FirmsResponseError).kind;
      }
    });
    expect(kinds).toEqual(['key', 'area', 'limit', 'format']);
  });

  it("counts rows of FIRMS's hot spot type 1–3 (volcano, static land source, offshore) apart and gives only fires; refuses another type", async () => {
    const header = 'latitude,longitude,brightness,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_t31,frp,daynight,type';
    const row = (latitude: number, type: string) => `${latitude},86.1,315.1,1,1,2026-04-04,323,Terra,MODIS,53,61.03,301.6,5.4,D,${type}`;
    const body = [header, row(23.1, '0'), row(23.2, '1'), row(23.3, '2'), row(23.4, '3'), row(23.5, '')].join('\n');
    const parsed = parseFirmsCsv(body);
    expect(parsed.detections.map((detection) => detection.latitude)).toEqual([23.1, 23.5]);
    expect(parsed).toMatchObject({ problems: [], notVegetationFires: 3 });
    const leftOut = { notVegetationFires: 0 };
    const chunked = (await collectChunks(firmsDetectionChunks(body, leftOut, 2))).flat();
    expect(chunked.map((detection) => detection.latitude)).toEqual([23.1, 23.5]);
    expect(leftOut.notVegetationFires).toBe(3);
    const other = parseFirmsCsv([header, row(23.6, '4')].join('\n'));
    expect(other.detections).toEqual([]);
    expect(other.problems).toEqual([{ row: 1, errors: ['type: type must be 0–3 (FIRMS hot spot type)'] }]);
  });

  it('pads HHMM and refuses impossible times', () => {
    expect(acquisitionInstant('2026-11-20', '3')).toBe('2026-11-20T00:03:00.000Z');
    expect(acquisitionInstant('2026-11-20', '2359')).toBe('2026-11-20T23:59:00.000Z');
    expect(acquisitionInstant('2026-11-20', '2400')).toBeNull();
    expect(acquisitionInstant('2026-02-30', '100')).toBeNull();
    expect(acquisitionInstant('2026-11-20', '12345')).toBeNull();
  });
});

describe('FIRMS area CSV, a chunk at a time', () => {
  const header = 'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';
  const row = (index: number, latitude = (30 + index * 0.001).toFixed(3)) => `${latitude},-120.5,330.5,0.41,0.37,2026-11-20,0748,N,VIIRS,n,2.0NRT,290.1,5.5,N`;
  const collectDetections = async (chunks: AsyncIterable<FireDetection[]>) => {
    const seen: FireDetection[][] = [];
    for await (const chunk of chunks) seen.push(chunk);
    return seen;
  };
  const collect = async (chunks: AsyncIterable<FireDetection[]>) => {
    const seen: number[][] = [];
    for await (const chunk of chunks) seen.push(chunk.map((detection) => detection.latitude));
    return seen;
  };

  it('gives the rows in order, chunkRows at a time', async () => {
    const body = [header, ...Array.from({ length: 7 }, (_, index) => row(index))].join('\n');
    const seen = await collect(firmsDetectionChunks(body, { notVegetationFires: 0 }, 3));
    expect(seen.map((chunk) => chunk.length)).toEqual([3, 3, 1]);
    expect(seen.flat()).toEqual(parseFirmsCsv(body).detections.map((detection) => detection.latitude));
  });

  it('keeps a character outside the Basic Multilingual Plane whole where the text is cut into pieces for the parser', async () => {
    // The parser is fed 65,536 UTF-16 units at a time: the flame's first half is placed as the last unit of the first
    // piece (the spaces before the field are trimmed away by the parser).
    const filler = Array.from({ length: 700 }, (_, index) => row(index));
    const prefix = `${[header, ...filler].join('\n')}\n`;
    const before = '38.1,-120.5,330.5,0.41,0.37,2026-11-20,0748,N,VIIRS,n,';
    const pad = 65_535 - (prefix.length + before.length + 1);
    expect(pad).toBeGreaterThan(0);
    const body = `${prefix}${before}${' '.repeat(pad)}v\u{1F525},290.1,5.5,N`;
    expect(body.charCodeAt(65_535)).toBe(0xd83d);
    const detections = (await collectDetections(firmsDetectionChunks(body, { notVegetationFires: 0 }))).flat();
    expect(detections).toHaveLength(701);
    expect(detections[700]?.version).toBe('v\u{1F525}');
  });

  it('checks every row, gives no chunk after the first invalid one, and then names every invalid row', async () => {
    const rows = Array.from({ length: 9 }, (_, index) => row(index, index === 4 ? '91' : index === 8 ? 'x' : undefined));
    const chunks = firmsDetectionChunks([header, ...rows].join('\n'), { notVegetationFires: 0 }, 3);
    const seen: number[][] = [];
    const failure = await (async () => {
      for await (const chunk of chunks) seen.push(chunk.map((detection) => detection.latitude));
    })().catch((error: unknown) => error);
    expect(seen).toHaveLength(1);
    expect(failure).toBeInstanceOf(InvalidFirmsRowsError);
    expect((failure as InvalidFirmsRowsError).received).toBe(9);
    expect((failure as InvalidFirmsRowsError).problems.map((problem) => problem.row)).toEqual([5, 9]);
  });
});
