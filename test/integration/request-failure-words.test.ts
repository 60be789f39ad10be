// How a failed request is said, from the real errors Node's fetch throws on loopback: a refused connection names its
// code and counts as never reaching the host; a port fetch refuses outright says so and what to do.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { neverReachedHost, requestFailureWords } from '../../server/http/network-failure.js';

async function thrownBy(url: string): Promise<unknown> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch (error) {
    return error;
  }
  throw new Error(`${url} answered`);
}

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('requestFailureWords', () => {
  it('a refused connection: its words and code, and it never reached the host', async () => {
    const error = await thrownBy(`http://127.0.0.1:${await closedPort()}/`);
    expect(requestFailureWords(error, 5_000)).toBe('connection refused (ECONNREFUSED)');
    expect(neverReachedHost(error)).toBe(true);
  });

  it('a port fetch refuses outright (9, discard) says so and what to do', async () => {
    const error = await thrownBy('http://127.0.0.1:9/');
    expect(requestFailureWords(error, 5_000)).toBe("bad port: fetch refuses to connect to this port (on the Fetch standard's list of blocked ports); use another");
    expect(neverReachedHost(error)).toBe(false);
  });
});
