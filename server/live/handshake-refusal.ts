// A WebSocket handshake that `ws` refuses (a missing or malformed Sec-WebSocket-Key, a version other than 13 or 8, a
// malformed Sec-WebSocket-Protocol), answered in the API's error shape: ws's own answer is its message as text/html.
// The request has passed the host guard and the token by then (they run before the route hands the socket to ws).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../http/api-error.js';

/** The `wsClientError` listener of the WebSocket server: ws's message (its own fixed text) in a 400. */
export function answerHandshakeRefusal(error: Error, socket: Duplex): void {
  const body = JSON.stringify(errorBody('bad_request', `not a valid WebSocket handshake: ${error.message}`));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 400 ${http.STATUS_CODES[400]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      // The versions this server speaks (RFC 6455 §4.4), as ws names them.
      `Sec-WebSocket-Version: 13, 8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
