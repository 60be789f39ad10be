import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeocodeRepository } from '../../server/cameras/geocode-repository.js';
import { Geocoder, placeQuery } from '../../server/cameras/geocoder.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A Nominatim /search on 127.0.0.1 answering in its jsonv2 format.
const PLACES: Record<string, unknown[]> = {
  'seoul, korea, republic of': [{ place_id: 1, lat: '37.5666791', lon: '126.9782914', display_name: 'Seoul, South Korea', category: 'boundary', type: 'administrative' }],
  'lyon, france': [{ place_id: 2, lat: '45.7578137', lon: '4.8320114', display_name: 'Lyon, Métropole de Lyon, France' }],
  'nowhere, atlantis': [],
};

describe('geocoder (fake Nominatim on loopback): 1 request a second, User-Agent, cached in the database', () => {
  let server: http.Server;
  let base: string;
  const requests: Array<{ at: number; q: string; agent: string }> = [];
  let subject: TestApp;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const q = url.searchParams.get('q') ?? '';
      requests.push({ at: Date.now(), q, agent: String(request.headers['user-agent']) });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PLACES[q] ?? []));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    subject = await createTestApp({ ingesterEnabled: false });
  });
  afterAll(async () => {
    await subject?.close();
    await new Promise((resolve) => server.close(resolve));
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
