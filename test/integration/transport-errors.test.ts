// Requests refused before any route sees them answer the API's error shape like every other refusal, over real HTTP
// on a listening app: a path the router cannot read, a parameter past its length, a request Node's parser cannot read,
// an Expect the API never meets, and a WebSocket handshake ws refuses. Their defaults answered shapes of their own
// (Fastify's `{"error":"Bad Request","code":"FST_ERR_BAD_URL",…}` echoing the path, ws's text/html) or no body.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, WEBSOCKET_HANDSHAKE, type RawAnswer } from '../support/raw-http.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const ERROR_SHAPE = { error: { code: expect.any(String), message: expect.any(String) } };

/** Writes `request` as it stands on a new connection and reads until the server closes it. */
function sendBytes(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.end(request);
  });
}

/** A raw HTTP answer's status, content type and JSON body. */
function readAnswer(text: string): { status: number; contentType: string | undefined; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /^content-type: (.*)$/im.exec(head)?.[1];
  return { status, contentType, body: JSON.parse(body) };
}

describe('refusals before routing answer the error shape', () => {
  let subject: TestApp;
  let port: number;
  let host: string;
  const request = (method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> =>
    rawRequest({ port, method, target, headers: { host, authorization: `Bearer ${TEST_TOKEN}`, ...headers }, ...(body === undefined ? {} : { body }) });
  const expectShape = (answer: RawAnswer, status: number, code: string) => {
    expect(answer.status, answer.body).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ code, message: expect.any(String) });
    expect(Object.keys(body.error).filter((key) => !['code', 'message', 'details'].includes(key))).toEqual([]);
  };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    await subject.app.listen({ host: '127.0.0.1', port: 0 });
    const address = subject.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    host = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('a percent-escape that is not UTF-8, in a parameter or a fixed path: 400, the path not echoed', async () => {
    for (const [method, target] of [
      ['POST', '/api/jobs/%FF'],
      ['DELETE', '/api/geofences/%ED%A0%80'],
      ['GET', '/api/cameras/%zz/snapshot'],
      ['GET', '/api/tiles/places/1/0/%FF.mvt'],
      ['GET', '/api/events%FF'],
      ['GET', '/api/jobs/%'],
    ] as const) {
      const answer = await request(method, target);
      expectShape(answer, 400, 'bad_request');
      expect(answer.body, target).not.toContain('FST_');
      expect(answer.body, target).not.toContain('%');
    }
  });

  it('a path parameter past 100 characters: 414, its 10,000 characters not echoed back', async () => {
    const answer = await request('DELETE', `/api/geofences/${'1'.repeat(10_000)}`);
    expectShape(answer, 414, 'uri_too_long');
    expect(answer.body.length).toBeLessThan(200);
    // 100 characters are still read, and refused by the route's own check.
    expectShape(await request('DELETE', `/api/geofences/${'1'.repeat(100)}`), 400, 'bad_request');
  });

  it('an address and headers over 16 KB: 431', async () => {
    expectShape(await request('GET', `/api/events?q=${'x'.repeat(20_000)}`), 431, 'headers_too_large');
  });

  it('what is not HTTP (a malformed request line, a negative Content-Length, a raw byte in the target): 400', async () => {
    for (const bytes of [
      'HELLO WORLD\r\n\r\n',
      `POST /api/geofences HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\n\r\n`,
      `GET /api/events?q=\u00ff HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    ]) {
      const answer = readAnswer(await sendBytes(port, bytes));
      expect(answer.status, bytes).toBe(400);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ error: { code: 'bad_request', message: 'the request is not valid HTTP' } });
    }
  });

  it('an Expect other than 100-continue: 417, and nothing is stored', async () => {
    const body = JSON.stringify({ name: 'Expected', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } });
    const answer = await request('POST', '/api/geofences', { expect: 'junk', 'content-type': 'application/json' }, body);
    expectShape(answer, 417, 'expectation_failed');
    expect(await queryOnce(subject.database.url, 'SELECT id FROM geofences')).toEqual([]);
  });

  it('a WebSocket handshake ws refuses: 400 with the versions it speaks; a good one is still accepted', async () => {
    const live = `/api/live?token=${TEST_TOKEN}`;
    const refused: Record<string, string>[] = [
      { 'sec-websocket-key': 'not-a-key' },
      { 'sec-websocket-version': '12' },
      { 'sec-websocket-protocol': 'a,,b' },
      { 'sec-websocket-protocol': 'chat, chat' },
    ];
    for (const changes of refused) {
      const answer = await rawRequest({ port, method: 'GET', target: live, headers: { host, ...WEBSOCKET_HANDSHAKE, ...changes } });
      expectShape(answer, 400, 'bad_request');
      expect(answer.headers['sec-websocket-version']).toBe('13, 8');
    }
    expect((await rawRequest({ port, method: 'GET', target: live, headers: { host, ...WEBSOCKET_HANDSHAKE } })).status).toBe(101);
  });

  it('an unknown route and a refused token keep their answers', async () => {
    expect(JSON.parse((await request('GET', '/api/nothing-here')).body)).toEqual(ERROR_SHAPE);
    expectShape(await request('GET', '/api/events', { authorization: 'Bearer wrong' }), 401, 'unauthorized');
  });
});
