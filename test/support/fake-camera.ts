// A network camera on 127.0.0.1 serving JPEG snapshots, plus the ways cameras misbehave: a page that
// is not an image, a redirect elsewhere, an endless image, and being switched off; MJPEG streams as they send video.
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
  /** MJPEG streams being sent now (a client that took its picture and hung up is no longer one). */
  streamsOpen: number;
  close(): Promise<void>;
}

/**
 * An endless MJPEG stream as network cameras send it: a part every 50 ms, each TINY_JPEG (or `partType`'s text), with
 * `Content-Length` or without (then only the next delimiter ends a part), the boundary declared with its dashes or not.
 */
function sendStream(
  response: http.ServerResponse,
  state: FakeCamera,
  options: { declared: string; written: string; withLength: boolean; partType?: string },
): void {
  response.writeHead(200, { 'content-type': `multipart/x-mixed-replace; boundary=${options.declared}`, 'cache-control': 'no-cache' });
  state.streamsOpen += 1;
  const body = options.partType ? Buffer.from('<p>sign in</p>') : TINY_JPEG;
  const part = () => {
    const length = options.withLength ? `Content-Length: ${body.length}\r\n` : '';
    response.write(`${options.written}\r\nContent-Type: ${options.partType ?? 'image/jpeg'}\r\n${length}\r\n`);
    // A part's bytes in two writes, as they arrive from a camera: the reader must wait for the rest.
    response.write(body.subarray(0, 10));
    setTimeout(() => !response.destroyed && response.write(Buffer.concat([body.subarray(10), Buffer.from('\r\n')])), 10);
  };
  part();
  const timer = setInterval(part, 50);
  response.on('close', () => {
    clearInterval(timer);
    state.streamsOpen -= 1;
  });
}

export async function startFakeCamera(): Promise<FakeCamera> {
  const state: FakeCamera = { origin: '', hostPort: '', hits: {}, off: false, redirectTo: '', streamsOpen: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    state.hits[path] = (state.hits[path] ?? 0) + 1;
    if (state.off) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('camera offline');
    switch (path) {
      case '/snapshot.jpg':
        return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': TINY_JPEG.length }).end(TINY_JPEG);
      case '/login.html':
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<form>password</form>');
      case '/mjpg/video.mjpg':
        return sendStream(response, state, { declared: 'myboundary', written: '--myboundary', withLength: true });
      case '/axis-cgi/mjpg/video.cgi':
        return sendStream(response, state, { declared: '--myboundary', written: '--myboundary', withLength: false });
      case '/endless-headers': {
        // A stream whose first part's headers never end: short lines, sent for as long as the client listens.
        response.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=frame' });
        state.streamsOpen += 1;
        response.write('--frame\r\n');
        const timer = setInterval(() => response.write('X-Pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'.repeat(20)), 5);
        response.on('close', () => {
          clearInterval(timer);
          state.streamsOpen -= 1;
        });
        return;
      }
      case '/stream-of-pages':
        return sendStream(response, state, { declared: '"frame"', written: '--frame', withLength: true, partType: 'text/html' });
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
