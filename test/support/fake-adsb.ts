// An ADS-B source on 127.0.0.1 (a local readsb receiver's aircraft.json, or OpenSky states) with a settable body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAdsb {
  url: string;
  body: unknown;
  close(): Promise<void>;
}

export async function startFakeAdsb(): Promise<FakeAdsb> {
  const state: FakeAdsb = { url: '', body: { now: Date.now() / 1000, aircraft: [] }, close: async () => undefined };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/aircraft.json`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
