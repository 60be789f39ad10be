import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, fetchText } from '../../server/http/bounded-fetch.js';
import { closedPort } from '../support/fake-llm.js';

// Outside sources that misbehave, on 127.0.0.1: a body that never ends, a huge declared length, a
// server that answers a byte now and then, and one that never answers.
describe('outbound fetches are bounded in size and time', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    server = http.createServer((request, response) => {
      if (request.url === '/endless') {
        response.writeHead(200, { 'content-type': 'text/csv' });
        const pump = () => {
          while (response.write(chunk));
        };
        response.on('drain', pump);
        request.on('close', () => response.destroy());
        pump();
      } else if (request.url === '/declared-1gb') {
        response.writeHead(200, { 'content-length': String(1024 ** 3) });
        response.write(chunk);
      } else if (request.url === '/trickle') {
        response.writeHead(200);
        const timer = setInterval(() => response.write('x'), 200);
        request.on('close', () => clearInterval(timer));
      } else if (request.url?.startsWith('/silent')) {
        // never answers
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a body that never ends stops at the size cap, with memory bounded', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    await expect(fetchText(`${base}/endless`, { timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024 })).rejects.toThrow(/passed the 8388608-byte limit/);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('a declared 1 GB body is refused before it is read', async () => {
    await expect(fetchText(`${base}/declared-1gb`, { timeoutMs: 5_000, maxBytes: 1024 * 1024 })).rejects.toThrow(/1073741824 bytes; the limit is 1048576/);
  });

  it('a server that never answers, or trickles, times out', async () => {
    await expect(fetchText(`${base}/silent`, { timeoutMs: 500, maxBytes: 1024 })).rejects.toThrow(/timed out after 500 ms/);
    const started = Date.now();
    await expect(fetchText(`${base}/trickle`, { timeoutMs: 800, maxBytes: 1024 * 1024 })).rejects.toBeInstanceOf(FetchError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a secret in the URL never appears in the error', async () => {
    const secret = 'feedfacecafebeef0123456789abcdef';
    const error = await fetchText(`${base}/silent/${secret}`, { timeoutMs: 300, maxBytes: 1024, secrets: [secret] }).catch((caught: Error) => caught);
    expect((error as Error).message).not.toContain(secret);
    expect((error as Error).message).toContain('/silent/****');
  });

  it('a host with nothing listening is named, with the system error in words and its code', async () => {
    const port = await closedPort();
    const error = await fetchText(`http://127.0.0.1:${port}/data`, { timeoutMs: 2_000, maxBytes: 1024 }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(FetchError);
    // undici's own words are "fetch failed", which says nothing of why.
    expect((error as Error).message).toBe(`request to http://127.0.0.1:${port}/data failed: connection refused (ECONNREFUSED)`);
    expect((error as FetchError).unreachable).toBe(true);
    // A host that took the request but never answered was reached.
    const silent = await fetchText(`${base}/silent`, { timeoutMs: 300, maxBytes: 1024 }).catch((caught: FetchError) => caught);
    expect(silent).toMatchObject({ unreachable: false, message: expect.stringMatching(/timed out after 300 ms$/) });
  });
});
