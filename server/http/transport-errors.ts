// The answers to requests refused before any route or hook sees them, in the API's error shape like every other
// refusal: a path Fastify's router cannot read (a percent-escape that is not UTF-8, a parameter past its length),
// a request Node's HTTP parser cannot read (headers over 16 KB, a malformed request line or header), and an `Expect`
// other than 100-continue. Their defaults answered bodies of their own (`{"error":"Bad Request","code":
// "FST_ERR_BAD_URL",…}`, the 10 KB path echoed back) or none.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './api-error.js';

/** The longest path parameter the router reads (find-my-way's `maxParamLength`, Fastify's default). */
export const MAX_PARAM_LENGTH = 100;

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'the path holds a percent-escape that is not UTF-8' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: `a part of the path is longer than ${MAX_PARAM_LENGTH} characters` },
};

/** Fastify's `frameworkErrors`: the router's refusals. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send(errorBody('internal', 'internal error; see the log'));
    return;
  }
  request.log.info({ code: error.code }, 'request refused before routing');
  void reply.status(known.status).send(errorBody(known.code, known.message));
}

function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: 'the request did not arrive in time' };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers_too_large', message: "the request's address and headers are larger than 16 KB" };
  return { status: 400, code: 'bad_request', message: 'the request is not valid HTTP' };
}

/** Fastify's `clientErrorHandler` (Node's `clientError`): a request its HTTP parser refused, answered on the socket. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = clientErrorAnswer(error);
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Node's `checkExpectation`: an `Expect` header other than 100-continue, which this API never meets. */
export function answerUnmetExpectation(_request: http.IncomingMessage, response: http.ServerResponse): void {
  const body = JSON.stringify(errorBody('expectation_failed', 'the Expect header is not supported (only 100-continue is)'));
  response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  response.end(body);
}
