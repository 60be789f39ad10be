// An ArcGIS feature service on 127.0.0.1 answering WFIGS incident queries (f=geojson, paged by resultOffset).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'wfigs');

export interface FakeWfigs {
  url: string;
  queries: URLSearchParams[];
  /** Replace a page's body (by page number), e.g. with an ArcGIS error. */
  pages: string[];
  close(): Promise<void>;
}

export async function startFakeWfigs(): Promise<FakeWfigs> {
  const state: FakeWfigs = {
    url: '',
    queries: [],
    pages: ['page-0.json', 'page-1.json'].map((name) => readFileSync(path.join(FIXTURES, name), 'utf8')),
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.endsWith('/FeatureServer/0/query')) {
      response.writeHead(404).end();
      return;
    }
    state.queries.push(url.searchParams);
    const page = Math.floor(Number(url.searchParams.get('resultOffset') ?? '0') / Number(url.searchParams.get('resultRecordCount') ?? '1000'));
    const body = state.pages[page] ?? '{"type":"FeatureCollection","features":[]}';
    response.writeHead(200, { 'content-type': 'application/geo+json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/arcgis/rest/services/WFIGS_Incident_Locations_Current/FeatureServer/0`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
