// One HTTP request with the request-target exactly as given (percent-encodings, dot segments and
// absolute form are not normalised on the way), against a listening server on 127.0.0.1.
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  port: number;
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

export function rawRequest(request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: '127.0.0.1',
      port: request.port,
      method: request.method,
      path: request.target,
      headers: { connection: 'close', ...request.headers },
      agent: false,
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no answer to ${request.method} ${request.target}`)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    // A WebSocket handshake that is accepted: report 101 and drop the socket.
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 101, headers: response.headers, body: '' });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export const WEBSOCKET_HANDSHAKE = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};
