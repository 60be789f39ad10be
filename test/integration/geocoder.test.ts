import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder, placeQuery } from '../../server/cameras/geocoder.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('geocoder (fake Nominatim on loopback): 1 request a second, User-Agent, cached in the database', () => {
  let nominatim: FakeNominatim;
  let base: string;
  let requests: FakeNominatim['requests'];
  let subject: TestApp;

  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    base = nominatim.url;
    requests = nominatim.requests;
    subject = await createTestApp({ ingesterEnabled: false });
  });
  afterAll(async () => {
    await subject?.close();
    await nominatim?.close();
  });

  it('asks each place once, spaced a second apart, and remembers places it could not find', async () => {
    const geocoder = new Geocoder(new GeocodeRepository(subject.app.db), base);
    const answers = await Promise.all([
      geocoder.locate('Seoul', 'Korea, Republic of'),
      geocoder.locate('seoul ', 'Korea,  Republic of'),
      geocoder.locate('Lyon', 'France'),
      geocoder.locate('Nowhere', 'Atlantis'),
    ]);
    expect(answers[0]).toMatchObject({ found: true, latitude: 37.5666791, longitude: 126.9782914 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[3]).toEqual({ found: false, latitude: null, longitude: null, display: null });
    expect(requests.map((request) => request.q).sort()).toEqual(['lyon, france', 'nowhere, atlantis', 'seoul, korea, republic of']);
    const gaps = requests.slice(1).map((request, index) => request.at - (requests[index] as { at: number }).at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
    expect(requests.every((request) => request.agent.startsWith('Vantage/'))).toBe(true);

    // A new geocoder (a restart) answers from the database without asking again.
    const later = new Geocoder(new GeocodeRepository(subject.app.db), base);
    expect(await later.locate('Lyon', 'France')).toMatchObject({ found: true });
    expect(await later.locate('Nowhere', 'Atlantis')).toMatchObject({ found: false });
    expect(requests).toHaveLength(3);
    expect(placeQuery(null, '  ')).toBeNull();
  });
});
