// The bench's HTTP clients for short reads, each over one kept-alive connection, as a service calling the API would
// hold one. The fire reads run the API in the bench's own process, so what a client spends per call is counted in the
// API's figure: the figures go through undici's Client, the leanest of Node's clients. In the same run on 5 million
// stored detections (calls of each taken in turns, 250 of each), node:http's client took 0.23 ms more per call at the
// HTTP floor (0.62 against 0.40 ms p50), 0.24 ms more for the list of 1,000 and 0.37 ms more for z4's first draw;
// Node's fetch adds 0.15–0.25 ms more than node:http's (its WHATWG streams; the floor lines of four runs of the case).
// None of that is the API's cost: the floor lines of the fire reads show all three.
import http from 'node:http';
import { Client } from 'undici';

export interface KeptAliveAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET of a path of the origin the client was made for. */
export type KeptAliveGet = ((path: string, headers?: Record<string, string>) => Promise<KeptAliveAnswer>) & { close: () => Promise<void> };

/** undici's Client: the one the fire reads' figures use. */
export function keepAliveGet(origin: string): KeptAliveGet {
  const client = new Client(origin, { pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const get = async (path: string, headers: Record<string, string> = {}): Promise<KeptAliveAnswer> => {
    const response = await client.request({ method: 'GET', path, headers });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
  };
  return Object.assign(get, { close: () => client.close() });
}

/** node:http's client with a keep-alive agent: for the floor line that shows what it adds. */
export function nodeHttpGet(origin: string): KeptAliveGet {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<KeptAliveAnswer>((resolve, reject) => {
      const request = http.get(`${origin}${path}`, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error(`no answer to GET ${path}`)));
      request.on('error', reject);
    });
  return Object.assign(get, { close: async () => agent.destroy() });
}
