// A network camera on 127.0.0.1 serving JPEG snapshots, plus the ways cameras misbehave: a page that
// is not an image, a redirect elsewhere, an endless image, and being switched off.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A 1×1 baseline JPEG.
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export interface FakeCamera {
  origin: string;
  /** host:port, for the test-only allowance. */
  hostPort: string;
  hits: Record<string, number>;
  /** Switched off: every request is answered 503. */
  off: boolean;
  /** Where /redirect sends the client. */
  redirectTo: string;
  close(): Promise<void>;
}

export async function startFakeCamera(): Promise<FakeCamera> {
  const state: FakeCamera = { origin: '', hostPort: '', hits: {}, off: false, redirectTo: '', close: async () => undefined };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    state.hits[path] = (state.hits[path] ?? 0) + 1;
    if (state.off) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('camera offline');
    switch (path) {
      case '/snapshot.jpg':
        return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': TINY_JPEG.length }).end(TINY_JPEG);
      case '/login.html':
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<form>password</form>');
      case '/redirect':
        return void response.writeHead(302, { location: state.redirectTo }).end();
      case '/endless.jpg': {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        const pump = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', pump);
        };
        pump();
        return;
      }
      default:
        return void response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${port}`;
  state.hostPort = `127.0.0.1:${port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
