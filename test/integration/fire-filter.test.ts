// The fire filter (confidence, minimum FRP, satellites, a geofence) narrows GET /api/fires, GET /api/fires/count
// and the fire tiles identically: the list holds exactly the detections the rule picks, the count is its length,
// a tile holding them all draws exactly those (open window and cached closed hours alike, per filter); bad values
// answer 400 and an unknown geofence 404, with the error shape.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

const HOUR_MS = 3_600_000;
const SATELLITES = ['N', 'N20', 'N21', 'Terra', 'Aqua'] as const;
// VIIRS l/n/h, MODIS percents on each side of FIRMS's class limits (30, 80), and none.
const CONFIDENCES = ['l', 'n', 'h', '0', '29', '30', '79', '80', '100', null] as const;
const FRPS = [null, 0, 1.5, 10, 49.9, 50, 250] as const;
// The geofence: a square in the middle of the detections' area (north valley, California).
const FENCE = { west: -121.8, south: 38.3, east: -121.2, north: 38.7 };
// Zoom 4 tile holding the whole area (lon -122.2..-120.8, lat 38..39).
const TILE = '4/2/6';

interface Ingested {
  latitude: number;
  longitude: number;
  satellite: (typeof SATELLITES)[number];
  confidence: (typeof CONFIDENCES)[number];
  frp: (typeof FRPS)[number];
  /** FIRMS' daynight: by day, by night, or not given. */
  dayNight: 'D' | 'N' | null;
  acqSeconds: number;
}

/** The confidence class as FIRMS has it: VIIRS l/n/h as they are, MODIS percent <30 low, 30–79 nominal, ≥80 high. */
function confidenceClass(confidence: string | null): string | null {
  if (confidence === null) return null;
  if (['l', 'n', 'h'].includes(confidence)) return { l: 'low', n: 'nominal', h: 'high' }[confidence]!;
  const percent = Number(confidence);
  return percent < 30 ? 'low' : percent < 80 ? 'nominal' : 'high';
}

const key = (fire: { latitude: unknown; longitude: unknown }) => `${fire.latitude},${fire.longitude}`;

describe('the fire filter narrows the list, the count and the tiles alike', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let fenceId: string;
  const fires: Ingested[] = [];
  const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // Every detection in the hour two to three hours ago: inside the default last day and in closed hours.
  const closedWindow = `since=${new Date(hourStart - 3 * HOUR_MS).toISOString()}&until=${new Date(hourStart - HOUR_MS).toISOString()}`;
  const get = (url: string) => subject.app.inject({ method: 'GET', url, headers: authorized });

  /** The keys of the detections `query` picks, as each of the three routes answers them (tiles take no bbox). */
  async function answers(query: string): Promise<{ list: string[]; count: number; tile?: string[]; closedTile?: string[] }> {
    const list = await get(`/api/fires?limit=50000&${query}`);
    expect(list.statusCode, query).toBe(200);
    const count = await get(`/api/fires/count?${query}`);
    expect(count.statusCode, query).toBe(200);
    const tileKeys = async (url: string) => {
      const tile = await get(url);
      expect(tile.statusCode, url).toBe(200);
      const layer = tile.rawPayload.length ? new VectorTile(new PbfReader(tile.rawPayload)).layers.fires : undefined;
      // A tile feature has no exact position: it is told apart by its acquisition second (each fire has its own).
      return Array.from({ length: layer?.length ?? 0 }, (_, index) => {
        const second = Number(layer!.feature(index).properties.acqTime);
        return key(fires.find((fire) => fire.acqSeconds === second)!);
      }).sort();
    };
    const listed = (list.json() as Array<{ latitude: number; longitude: number }>).map(key).sort();
    const counted = (count.json() as { count: number }).count;
    if (query.includes('bbox=')) return { list: listed, count: counted };
    return {
      list: listed,
      count: counted,
      tile: await tileKeys(`/api/tiles/fires/${TILE}.mvt?${query}`),
      closedTile: await tileKeys(`/api/tiles/fires/${TILE}.mvt?${[closedWindow, query].filter(Boolean).join('&')}`),
    };
  }

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    const fence = await subject.app.inject({
      method: 'POST',
      url: '/api/geofences',
      headers: authorized,
      payload: {
        name: 'north valley',
        geometry: { type: 'Polygon', coordinates: [[[FENCE.west, FENCE.south], [FENCE.east, FENCE.south], [FENCE.east, FENCE.north], [FENCE.west, FENCE.north], [FENCE.west, FENCE.south]]] },
      },
    });
    expect(fence.statusCode).toBe(201);
    fenceId = (fence.json() as { id: string }).id;
    // Every satellite × confidence × FRP once, spread over lon -122.2..-120.8, lat 38..39.
    let index = 0;
    for (const satellite of SATELLITES) {
      for (const confidence of CONFIDENCES) {
        for (const frp of FRPS) {
          fires.push({
            latitude: Number((38 + ((index * 37) % 100) / 100).toFixed(4)),
            longitude: Number((-122.2 + ((index * 53) % 140) / 100).toFixed(4)),
            satellite,
            confidence,
            frp,
            dayNight: (['D', 'N', null] as const)[index % 3] ?? null,
            acqSeconds: (hourStart - 3 * HOUR_MS) / 1000 + 60 + index,
          });
          index += 1;
        }
      }
    }
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: fires.map((fire) => ({
        latitude: fire.latitude,
        longitude: fire.longitude,
        acq_time: new Date(fire.acqSeconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
        satellite: fire.satellite,
        instrument: ['Terra', 'Aqua'].includes(fire.satellite) ? 'MODIS' : 'VIIRS',
        confidence: fire.confidence,
        frp: fire.frp,
        daynight: fire.dayNight,
      })),
    });
    expect(stored.json()).toMatchObject({ stored: fires.length });
  });
  afterAll(async () => {
    await subject?.close();
    await nats?.stop();
  });

  it('each filter, alone and combined, picks exactly the detections its rule picks, on all three routes', async () => {
    const inFence = (fire: Ingested) => fire.longitude >= FENCE.west && fire.longitude <= FENCE.east && fire.latitude >= FENCE.south && fire.latitude <= FENCE.north;
    const cases: Array<[string, (fire: Ingested) => boolean]> = [
      ['', () => true],
      ['confidence=high', (fire) => confidenceClass(fire.confidence) === 'high'],
      ['confidence=low,nominal', (fire) => ['low', 'nominal'].includes(confidenceClass(fire.confidence) ?? '')],
      ['confidence=nominal', (fire) => confidenceClass(fire.confidence) === 'nominal'],
      ['minFrp=50', (fire) => fire.frp !== null && fire.frp >= 50],
      ['minFrp=0', (fire) => fire.frp !== null],
      ['minFrp=49.9', (fire) => fire.frp !== null && fire.frp >= 49.9],
      ['satellites=N20', (fire) => fire.satellite === 'N20'],
      ['satellites=Terra,Aqua', (fire) => ['Terra', 'Aqua'].includes(fire.satellite)],
      [`geofence=${'FENCE'}`, inFence],
      ['confidence=high&minFrp=10&satellites=N,Aqua', (fire) => confidenceClass(fire.confidence) === 'high' && fire.frp !== null && fire.frp >= 10 && ['N', 'Aqua'].includes(fire.satellite)],
      ['confidence=low&satellites=Terra&geofence=FENCE', (fire) => confidenceClass(fire.confidence) === 'low' && fire.satellite === 'Terra' && inFence(fire)],
      // A detection that FIRMS did not say was by day or by night is left out by either choice.
      ['dayNight=day', (fire) => fire.dayNight === 'D'],
      ['dayNight=night&satellites=Terra,N20', (fire) => fire.dayNight === 'N' && ['Terra', 'N20'].includes(fire.satellite)],
      ['bbox=-122.2,38,-121.5,38.5&minFrp=1.5', (fire) => fire.longitude <= -121.5 && fire.latitude <= 38.5 && fire.frp !== null && fire.frp >= 1.5],
    ];
    for (const [template, rule] of cases) {
      const query = template.replace('FENCE', fenceId);
      const expected = fires.filter(rule).map(key).sort();
      expect(expected.length, `${query} picks something and not everything`).toBeGreaterThan(0);
      if (template) expect(expected.length, query).toBeLessThan(fires.length);
      const answer = await answers(query);
      expect(answer.list, query).toEqual(expected);
      expect(answer.count, query).toBe(expected.length);
      if (!query.includes('bbox=')) {
        expect(answer.tile, query).toEqual(expected);
        // Twice: the second comes from the closed-hour cache, which must be kept per filter.
        expect(answer.closedTile, `${query}, closed hours`).toEqual(expected);
        expect((await answers(query)).closedTile, `${query}, closed hours again`).toEqual(expected);
      }
    }
  });

  it('a detection without confidence or FRP is left out only by a filter on that field', async () => {
    const withoutConfidence = fires.filter((fire) => fire.confidence === null).length;
    const all = (await get('/api/fires/count')).json() as { count: number };
    const classed = (await get('/api/fires/count?confidence=low,nominal,high')).json() as { count: number };
    expect(all.count).toBe(fires.length);
    expect(classed.count).toBe(fires.length - withoutConfidence);
  });

  it('refuses bad filter values with 400 and the error shape, on every route', async () => {
    const bad = [
      'confidence=medium', 'confidence=', 'confidence=low,,high', 'confidence=LOW', 'confidence=l', 'confidence=high,',
      'minFrp=-1', 'minFrp=abc', 'minFrp=', 'minFrp=1e6', 'minFrp=Infinity', 'minFrp=0x10', 'minFrp=NaN',
      'satellites=X', 'satellites=n20', 'satellites=', 'satellites=N;DROP', "satellites=N'", 'satellites=NaN',
      'geofence=abc', 'geofence=-1', 'geofence=1.5', 'geofence=', 'geofence=9999999999999999999',
      'confidence=high&confidence=low',
      'dayNight=D', 'dayNight=Day', 'dayNight=', 'dayNight=day,night', 'dayNight=both',
    ];
    for (const query of bad) {
      for (const route of ['/api/fires', '/api/fires/count', `/api/tiles/fires/${TILE}.mvt`]) {
        const answer = await get(`${route}?${query}`);
        expect(answer.statusCode, `${route}?${query}`).toBe(400);
        expect(answer.json().error.code, `${route}?${query}`).toEqual(expect.any(String));
      }
    }
  });

  it('answers 404 with the error shape for a geofence that does not exist', async () => {
    for (const route of ['/api/fires', '/api/fires/count', `/api/tiles/fires/${TILE}.mvt`, `/api/tiles/fires/${TILE}.mvt?${closedWindow}`]) {
      const answer = await get(`${route}${route.includes('?') ? '&' : '?'}geofence=${Number(fenceId) + 1000}`);
      expect(answer.statusCode, route).toBe(404);
      expect(answer.json().error).toMatchObject({ code: 'not_found', message: expect.stringContaining('geofence') });
    }
  });

  it('counts in a bbox across the antimeridian and within a window as the list does', async () => {
    for (const query of ['bbox=170,-10,-170,10', 'bbox=-121.9,38.2,-121.1,38.8&confidence=nominal', `${closedWindow}&satellites=N21`, `until=${new Date(hourStart - 3 * HOUR_MS + 200_000).toISOString()}`]) {
      const list = (await get(`/api/fires?limit=50000&${query}`)).json() as unknown[];
      expect((await get(`/api/fires/count?${query}`)).json(), query).toEqual({ count: list.length });
    }
  });
});
