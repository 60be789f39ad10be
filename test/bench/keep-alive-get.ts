// The bench's HTTP client for short reads: node:http over one kept-alive connection, as a service calling the API
// would hold one. Node's fetch adds about 0.15 ms of its own per call (its WHATWG streams), which is no cost of the
// API's: the fire reads' floor line shows both.
import http from 'node:http';

export interface KeptAliveAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type KeptAliveGet = ((url: string, headers?: Record<string, string>) => Promise<KeptAliveAnswer>) & { close: () => void };

export function keepAliveGet(): KeptAliveGet {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<KeptAliveAnswer>((resolve, reject) => {
      const request = http.get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error(`no answer to GET ${url}`)));
      request.on('error', reject);
    });
  return Object.assign(get, { close: () => agent.destroy() });
}
