// A Nominatim /search on 127.0.0.1 answering in its jsonv2 format, recording each request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const NOMINATIM_PLACES: Record<string, unknown[]> = {
  'seoul, korea, republic of': [
    { place_id: 1, lat: '37.5666791', lon: '126.9782914', display_name: 'Seoul, South Korea', category: 'boundary', type: 'administrative' },
  ],
  'lyon, france': [{ place_id: 2, lat: '45.7578137', lon: '4.8320114', display_name: 'Lyon, Métropole de Lyon, France' }],
  'nowhere, atlantis': [],
};

export interface FakeNominatim {
  url: string;
  requests: Array<{ at: number; q: string; agent: string }>;
  close(): Promise<void>;
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const requests: FakeNominatim['requests'] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    requests.push({ at: Date.now(), q, agent: String(request.headers['user-agent']) });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(NOMINATIM_PLACES[q] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
