// Every failure answers { error: { code, message, details } } with the right status; nothing internal leaks.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../domain-errors.js';
import { ApiError, errorBody } from '../http/api-error.js';

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'invalid content length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_request', message: 'JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_request', message: 'JSON body is not valid JSON' },
};

// Connection refused/reset, the server shutting down or starting up, the pool unable to connect.
const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

// SQLSTATE class 22 (data exception: out of range, invalid text, NUL byte, bad datetime …) comes from a
// value that validation at the edge should have refused; as a last line it is still the caller's input.
function isDataException(error: { code?: string }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

function isDatabaseUnavailable(error: { code?: string; message?: string }): boolean {
  if (error.code && DATABASE_DOWN_CODES.has(error.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(error.message ?? '');
}

// SQLSTATE 53100: PostgreSQL could not write to its disk. A 500 "internal error" told the analyst nothing; the disk is
// the one holding the data folder (the embedded PostgreSQL's), or a shared server's.
const DISK_FULL = '53100';

const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = { invalid: 400, not_found: 404, conflict: 409, unavailable: 503, upstream_failed: 502 };

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error instanceof DomainError) {
      if (error.kind === 'unavailable') reply.header('retry-after', '5');
      return reply.status(DOMAIN_ERROR_STATUS[error.kind]).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        where: error.validationContext,
        path: issue.instancePath,
        message: issue.message,
      }));
      return reply.status(400).send(errorBody('bad_request', `invalid ${error.validationContext ?? 'request'}`, details));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('database_unavailable', 'the database is unavailable; nothing was stored, try again'));
    }
    if (error.code === DISK_FULL) {
      request.log.error({ err: error }, 'the database disk is full');
      return reply
        .status(507)
        .send(errorBody('disk_full', "the database's disk is full (for the app's own database, the disk holding its data folder); nothing was stored: free space on it and try again"));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(errorBody('bad_request', 'a value in the request is out of range or malformed', { sqlState: error.code }));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('bad_request', 'the request could not be processed'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'internal error; see the log'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('not_found', `no route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
