// GET /api/fires: the answer's JSON is written from PostgreSQL's text of each column, so it must be exactly the
// FireList the schema describes (numbers, nulls, escapes), and its bbox test on latitude/longitude must pick exactly the fires whose geometry
// lies in the bbox (antimeridian and edges included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireList } from '../../server/fires/fire-schemas.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MINUTE_MS = 60_000;

describe('GET /api/fires answers as its schema says, picking by bbox as the geometry does', () => {
  let nats: OwnNats;
  let subject: TestApp;
  const base = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - 3 * 60 * MINUTE_MS;
  const list = async (query: string) => {
    const answer = await subject.app.inject({ method: 'GET', url: `/api/fires?${query}`, headers: authorized });
    expect(answer.statusCode, query).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.json() as Array<Record<string, unknown>>;
  };
  /** The fires in a bbox as PostGIS picks them by geometry, newest first. */
  const byGeometry = async ([west, south, east, north]: readonly [number, number, number, number]) => {
    const envelopes = west <= east ? [[west, east]] : [[west, 180], [-180, east]];
    const condition = envelopes.map(([w, e]) => `geom && ST_MakeEnvelope(${w}, ${south}, ${e}, ${north}, 4326)`).join(' OR ');
    const rows = await queryOnce<{ latitude: number; longitude: number }>(
      subject.database.url,
      `SELECT latitude, longitude FROM fires WHERE acq_time >= now() - interval '1 day' AND (${condition}) ORDER BY acq_time DESC`,
    );
    return rows.map((row) => [row.latitude, row.longitude]);
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    const points: Array<[number, number]> = [
      [45.5, 10.5],
      [-33.9, 151.2],
      [64.8, -147.7],
      [-17.7, 178.9], // Fiji, east of the antimeridian's west side
      [-16.5, -179.9], // and just across it
      [20, -130], // on the corner of the continent bbox
      [55, -60], // on its other corner
      [55.00001, -60],
    ];
    const rows = points.map(([latitude, longitude], index) => ({
      latitude,
      longitude,
      acq_time: new Date(base + index * MINUTE_MS).toISOString().replace(/\.\d+Z$/, 'Z'),
      satellite: index % 2 ? 'N20' : 'N',
      confidence: index % 3 ? 'n' : null,
      frp: index % 4 ? index + 0.25 : null,
      daynight: index % 2 ? 'D' : 'N',
      // Text that JSON must escape: a quote, a backslash, a tab, a non-ASCII letter.
      instrument: index === 6 ? 'VI"IRS\\\tü' : index === 5 ? 'MODIS' : null,
    }));
    const stored = await subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: authorized, payload: rows });
    expect(stored.json()).toMatchObject({ stored: points.length });
  });
  afterAll(async () => {
    await subject?.close();
    await nats?.stop();
  });

  it('writes exactly the FireList of the schema, newest first', async () => {
    const fires = await list('');
    expect(fires).toHaveLength(8);
    // What serialising through the schema would give, key for key and value for value.
    expect(fires).toEqual(fireList.parse(fires));
    for (const fire of fires) {
      expect(Object.keys(fire).sort()).toEqual(['acqTime', 'confidence', 'dayNight', 'frp', 'instrument', 'latitude', 'longitude', 'satellite']);
    }
    expect(fires[0]).toEqual({
      latitude: 55.00001,
      longitude: -60,
      acqTime: new Date(base + 7 * MINUTE_MS).toISOString(),
      satellite: 'N20',
      confidence: 'n',
      frp: 7.25,
      dayNight: 'D',
      instrument: null,
    });
    expect(fires[1]).toMatchObject({ latitude: 55, longitude: -60, frp: 6.25, confidence: null, instrument: 'VI"IRS\\\tü' });
    expect(fires[2]).toMatchObject({ latitude: 20, longitude: -130, frp: 5.25, confidence: 'n', instrument: 'MODIS' });
    expect(fires.filter((fire) => fire.frp === null)).toHaveLength(2);
    expect(fires.map((fire) => fire.acqTime)).toEqual([...fires.map((fire) => String(fire.acqTime))].sort().reverse());
    expect(await list('limit=2')).toEqual(fires.slice(0, 2));
    expect(await list(`until=${new Date(base + 2 * MINUTE_MS).toISOString()}`)).toEqual(fires.slice(6));
    expect(await list('bbox=0,0,1,1')).toEqual([]);
  });

  it('picks by bbox exactly as the geometry test would, across the antimeridian and on the edges', async () => {
    for (const bbox of [
      [-130, 20, -60, 55],
      [170, -20, -170, -10],
      [178.9, -17.7, 178.9, -17.7],
      [-180, -90, 180, 90],
      [100, -50, 160, 0],
    ] as const) {
      const fires = await list(`bbox=${bbox.join(',')}`);
      expect(fires.map((fire) => [fire.latitude, fire.longitude]), bbox.join(',')).toEqual(await byGeometry(bbox));
    }
    expect((await list('bbox=170,-20,-170,-10')).map((fire) => fire.longitude)).toEqual([-179.9, 178.9]);
  });
});
