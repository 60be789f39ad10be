// GET /api/fires: the answer's JSON is written from PostgreSQL's text of each column, so it must be exactly the
// FireList the schema describes (numbers, nulls, escapes), and its bbox test on latitude/longitude must pick exactly the fires whose geometry
// lies in the bbox (antimeridian and edges included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { fireList } from '../../server/fires/fire-schemas.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp, testServerConfig } from '../support/test-app.js';
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

  it('writes each acquisition time as ISO 8601 UTC to the millisecond, cut as to_char cuts it, whatever DateStyle the database has', async () => {
    const url = subject.database.url;
    // Times to the microsecond (another writer may store them so), in a corner of the Southern Ocean no other test uses.
    const seconds = ['00', '01.5', '02.05', '03.123456', '04.999999', '05.000001', '06.1', '07.0009'];
    await queryOnce(
      url,
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom)
       SELECT -60, -100 + i * 0.01, date_trunc('minute', now()) - interval '1 hour' + (s || ' seconds')::interval, 'N',
              ST_SetSRID(ST_MakePoint(-100 + i * 0.01, -60), 4326)
       FROM unnest($1::text[]) WITH ORDINALITY AS t(s, i)`,
      [seconds],
    );
    // A database that writes dates otherwise ("SQL, DMY": 24/11/2026 10:00:00.58), read by an app opened after it.
    const setDateStyle = (style: string) =>
      queryOnce(url, `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET DateStyle = %L', current_database(), '${style}'); END $$`);
    await setDateStyle('SQL, DMY');
    const other = await buildApp(testServerConfig(url, { natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false }));
    try {
      const answer = await other.inject({ method: 'GET', url: '/api/fires?bbox=-101,-61,-99,-59', headers: authorized });
      const expected = await queryOnce<{ iso: string }>(
        url,
        `SELECT to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso
         FROM fires WHERE latitude = -60 AND longitude BETWEEN -100 AND -99 ORDER BY acq_time DESC`,
      );
      expect(expected).toHaveLength(seconds.length);
      expect((answer.json() as Array<{ acqTime: string }>).map((fire) => fire.acqTime)).toEqual(expected.map((row) => row.iso));
      expect(expected.map((row) => row.iso.slice(-7))).toEqual(['07.000Z', '06.100Z', '05.000Z', '04.999Z', '03.123Z', '02.050Z', '01.500Z', '00.000Z']);
    } finally {
      await other.close();
      await setDateStyle('ISO, MDY');
    }
  });
});
