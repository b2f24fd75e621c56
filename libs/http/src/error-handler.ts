import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { AppError, errorBody, type ErrorCode, type ErrorShape } from '@momentum/contracts';
import { validationErrorFrom } from './validation.js';
import { securityHeaders } from './security-headers.js';

/** The scheme every 401 names (RFC 6750), so a client knows a bearer key is what is missing. */
export const BEARER_CHALLENGE = 'Bearer realm="momentum"';

/** The challenge for a key that was sent and refused: clients say "invalid key", not "log in". */
export const invalidTokenChallenge = (description: string) =>
  `${BEARER_CHALLENGE}, error="invalid_token", error_description="${description.replace(/["\\]/g, '')}"`;

export interface ErrorHandlerOptions {
  /** The error body shape of a path: A, or B under /api/agents. */
  shapeFor: (url: string) => ErrorShape;
}

/**
 * One error handler for every app: AppError as is, zod errors as 422, Fastify's own client
 * errors (bad JSON, too large, not JSON) as 4xx, a lost database as 503, everything else as
 * a 500 whose details stay in the log. A path with no route for the method is 405 with
 * `Allow` when some other method has one, else 404. Every 401 carries `WWW-Authenticate`.
 */
export const errorHandlerPlugin = fp<ErrorHandlerOptions>(
  async (app, { shapeFor }) => {
    if (typeof shapeFor !== 'function') throw new Error('errorHandlerPlugin: shapeFor is required');

    app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(err);
      if (appError.statusCode >= 500) request.log.error({ err }, 'request failed');
      if (appError.headers) reply.headers(appError.headers);
      if (appError.statusCode === 401 && !reply.hasHeader('www-authenticate'))
        reply.header('www-authenticate', BEARER_CHALLENGE);
      return reply.status(appError.statusCode).send(bodyOf(appError, shapeFor(request.url)));
    });

    // Thrown, so the answer goes through the error handler above like any other.
    app.setNotFoundHandler(async (request) => {
      const path = request.url.split('?')[0]!;
      throw unmatched(request.method, path, app.allowedMethods(path));
    });
  },
  { name: 'momentum-errors', fastify: '5.x', decorators: { fastify: ['allowedMethods'] } },
);

/** 405 with `Allow` when the path answers other methods; 404 when it answers none. */
export function unmatched(method: string, path: string, allowed: string[]): AppError {
  if (!allowed.length) return new AppError('NOT_FOUND', `Route ${method} ${path} not found`);
  const allow = allowed.join(', ');
  return new AppError(
    'METHOD_NOT_ALLOWED',
    `${method} is not allowed on ${path}; it answers ${allow}`,
    undefined,
    { allow },
  );
}

/**
 * Fastify answers a URL it cannot decode (`/api/tasks/%E0%A4%A`) itself, before any route
 * or error handler, in its own body. Passed as the `frameworkErrors` option, this keeps
 * that answer in the path's shape.
 */
export function frameworkErrors(
  shapeFor: (url: string) => ErrorShape,
): FastifyServerOptions['frameworkErrors'] {
  const handler = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.statusCode >= 500) request.log.error({ err }, 'request failed');
    // No onSend hook runs for these replies, so the security headers are set here.
    return reply
      .status(appError.statusCode)
      .headers(securityHeaders)
      .send(bodyOf(appError, shapeFor(request.url)));
  };
  // Fastify types the option as generic over route types; this handler needs none of them.
  return handler as FastifyServerOptions['frameworkErrors'];
}

const bodyOf = (appError: AppError, shape: ErrorShape) =>
  errorBody(shape, appError.code, appError.statusCode, appError.message, appError.details);

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
};

const unavailableErrors = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongooseServerSelectionError',
  // The same condition under the driver's pool error names (a PoolClearedError is a
  // MongoNetworkError): an operation waiting for a connection when the engine goes away.
  'MongoPoolClearedError',
  'MongoPoolClosedError',
  'MongoServerClosedError',
  'MongoWaitQueueTimeoutError',
]);

/**
 * Socket errors that reach a handler unwrapped. When the engine goes away, the driver
 * lets "This socket has been ended by the other party" (EPIPE) from a pooled connection
 * through as a plain Error, which was a 500 (test/faults/mongo-outage.test.ts).
 */
const unavailableCodes = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return validationErrorFrom(err);
  // `throw null` / `throw 'text'` reach here too; read them as an empty error.
  const e = (err !== null && typeof err === 'object' ? err : {}) as Partial<FastifyError> & {
    name?: string;
    message?: string;
  };
  if (e.code && fastifyCodes[e.code]) {
    const code = fastifyCodes[e.code]!;
    const message =
      code === 'PAYLOAD_TOO_LARGE'
        ? 'Request body is larger than the limit'
        : code === 'UNSUPPORTED_MEDIA_TYPE'
          ? 'Request bodies are JSON: send Content-Type: application/json'
          : code === 'BAD_REQUEST' && e.code?.startsWith('FST_ERR_CTP_INVALID_JSON')
            ? 'Malformed JSON body'
            : (e.message ?? 'Bad request');
    return new AppError(code, message);
  }
  if ((e.name && unavailableErrors.has(e.name)) || (e.code && unavailableCodes.has(e.code))) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'The database is unavailable; try again shortly',
      undefined,
      {
        'retry-after': '1',
      },
    );
  }
  // MongoDB's duplicate key (11000), read by its code so HTTP code loads no storage package.
  if (e.name === 'MongoServerError' && (e as { code?: unknown }).code === 11000) {
    return new AppError('CONFLICT', 'A resource with these values already exists');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError(
      e.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      e.message ?? 'Bad request',
    );
  }
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}
