import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

// A view with no fire detections says where the nearest one is (the map's first view is the computer's region, which
// may have none): GET /api/fires/nearest, under the window and the filter the map shows.
const HOUR_MS = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();
const detection = (longitude: number, latitude: number, acqTime: string, satellite = 'N20', frp = 5) => ({ latitude, longitude, acq_time: acqTime, satellite, frp, confidence: 'n', daynight: 'D' });

describe('the nearest fire detection', () => {
  let subject: TestApp;
  const nearest = async (query: string) => {
    const response = await subject.app.inject({ method: 'GET', url: `/api/fires/nearest?${query}`, headers: authorized });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: { ...authorized, 'content-type': 'application/json' },
      payload: [
        // Berlin has none: Zaragoza 3 h ago (south-west, ~1,620 km), Warsaw 30 h ago (east, ~520 km), Prague by Terra.
        detection(-0.88, 41.65, ago(3)),
        detection(21.01, 52.23, ago(30)),
        detection(14.42, 50.09, ago(2), 'Terra', 50),
        // Prague seen again an hour later, at the same spot: the newest pass is named.
        detection(14.42, 50.09, ago(1), 'Terra', 40),
        detection(14.42, 50.09, ago(20), 'Terra', 45),
        // Siberia at 65°N: 3° north (about 333 km) and 5° east (about 235 km). The Pacific: 1° across the antimeridian
        // (about 111 km) and 1.5° this side of it (about 167 km).
        detection(100, 68, ago(4)),
        detection(105, 65, ago(4)),
        detection(-179.5, 0, ago(4)),
        detection(178, 0, ago(4)),
      ],
    });
    expect(stored.json()).toMatchObject({ stored: 9 });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('is the closest of the window (the last day unless asked), with its distance and bearing on the globe', async () => {
    const { status, body } = await nearest('near=13.40,52.52');
    expect(status).toBe(200);
    expect(body.nearest).toMatchObject({ longitude: 14.42, latitude: 50.09 });
    expect(body.nearest.distanceKm).toBeCloseTo(280, -1);
    // Prague is south-south-east of Berlin.
    expect(body.nearest.bearingDeg).toBeGreaterThan(150);
    expect(body.nearest.bearingDeg).toBeLessThan(170);
    expect(Date.parse(body.nearest.acqTime)).toBeGreaterThan(Date.now() - 1.5 * HOUR_MS);
    // Under a filter, the newest pass it leaves: 2 h ago at 50 MW, not the 40 MW one of an hour ago.
    const filtered = Date.parse((await nearest('near=13.40,52.52&minFrp=45&since=2d')).body.nearest.acqTime);
    expect(filtered).toBeLessThan(Date.now() - 1.5 * HOUR_MS);
    expect(filtered).toBeGreaterThan(Date.now() - 3 * HOUR_MS);
  });

  it('follows the filter and the window', async () => {
    // Terra left out: Zaragoza, to the south-west.
    const { body } = await nearest('near=13.40,52.52&satellites=N20');
    expect(body.nearest).toMatchObject({ longitude: -0.88, latitude: 41.65 });
    expect(body.nearest.bearingDeg).toBeGreaterThan(215);
    expect(body.nearest.bearingDeg).toBeLessThan(245);
    expect(body.nearest.distanceKm).toBeCloseTo(1_620, -2);
    // Over 3 days Warsaw is nearer; under a minimum FRP only Prague's Terra detection is left.
    expect((await nearest(`near=13.40,52.52&satellites=N20&since=${ago(72)}`)).body.nearest).toMatchObject({ longitude: 21.01 });
    expect((await nearest('near=-0.88,41.65&minFrp=20')).body.nearest).toMatchObject({ longitude: 14.42 });
    // None in the window: null, not an error.
    expect((await nearest(`near=13.40,52.52&since=${ago(72)}&until=${ago(48)}`)).body).toEqual({ nearest: null });
  });

  it('is measured on the globe: east before north in the north, and across the antimeridian', async () => {
    expect((await nearest('near=100,65')).body.nearest).toMatchObject({ longitude: 105, latitude: 65, bearingDeg: expect.any(Number) });
    expect((await nearest('near=179.5,0')).body.nearest).toMatchObject({ longitude: -179.5, bearingDeg: 90 });
    expect((await nearest('near=-179.9,0')).body.nearest).toMatchObject({ longitude: -179.5 });
    expect((await nearest('near=179.9,0')).body.nearest.distanceKm).toBeCloseTo(66.8, 0);
  });

  it('refuses a point that is not one, and a box (the view is not read)', async () => {
    for (const query of ['', 'near=13.4', 'near=13.4,95', 'near=200,10', 'near=x,y', 'near=1,2,3', 'near=13.4,52.5&bbox=0,0,1,1', 'near=0x10,1']) {
      const { status, body } = await nearest(query);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe('bad_request');
    }
  });
});
