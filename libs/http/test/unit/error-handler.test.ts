import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@momentum/contracts';
import { toAppError } from '../../src/error-handler.js';

const fastifyError = (code: string, message = 'x', statusCode = 400) =>
  Object.assign(new Error(message), { code, statusCode });
const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('driver says no'), { name }, extra);

describe('toAppError', () => {
  it('passes an AppError through unchanged', () => {
    const err = new AppError('FORBIDDEN', 'no');
    expect(toAppError(err)).toBe(err);
  });

  it('a ZodError becomes the §7 validation error', () => {
    const result = z.object({ name: z.string() }).safeParse({});
    const err = toAppError(result.error);
    expect(err).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 422,
      details: { field: 'name', rule: 'required' },
    });
  });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 'BAD_REQUEST', 400, 'Malformed JSON body'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 'BAD_REQUEST', 400, undefined],
    [
      'FST_ERR_CTP_BODY_TOO_LARGE',
      'PAYLOAD_TOO_LARGE',
      413,
      'Request body is larger than the limit',
    ],
    [
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      'Request bodies are JSON: send Content-Type: application/json',
    ],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'BAD_REQUEST', 400, undefined],
    ['FST_ERR_VALIDATION', 'BAD_REQUEST', 400, undefined],
  ])('Fastify %s → %s %i', (fstCode, code, status, message) => {
    const err = toAppError(fastifyError(fstCode, 'from fastify'));
    expect(err.code).toBe(code);
    expect(err.statusCode).toBe(status);
    expect(err.message).toBe(message ?? 'from fastify');
  });

  it.each([
    'MongoServerSelectionError',
    'MongoNetworkError',
    'MongoNetworkTimeoutError',
    'MongoNotConnectedError',
    'MongoTopologyClosedError',
    'MongooseServerSelectionError',
    'MongoPoolClearedError',
  ])('a lost database (%s) is 503 with Retry-After and no driver text', (name) => {
    const err = toAppError(named(name));
    expect(err).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      headers: { 'retry-after': '1' },
    });
    expect(err.message).not.toContain('driver');
  });

  it.each(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'])(
    'a plain socket error (%s) from a dying engine is 503, not 500',
    (code) => {
      const err = toAppError(Object.assign(new Error('This socket has been ended'), { code }));
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    },
  );

  it('a duplicate key (11000) is 409 CONFLICT; other server errors are 500', () => {
    expect(toAppError(named('MongoServerError', { code: 11000 }))).toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
    });
    expect(toAppError(named('MongoServerError', { code: 2 }))).toMatchObject({
      code: 'INTERNAL_ERROR',
      statusCode: 500,
    });
  });

  it('another client error keeps its 4xx meaning', () => {
    expect(toAppError(Object.assign(new Error('too big'), { statusCode: 413 }))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      statusCode: 413,
    });
    expect(toAppError(Object.assign(new Error('odd'), { statusCode: 418 }))).toMatchObject({
      code: 'BAD_REQUEST',
      statusCode: 400,
    });
  });

  it('anything else is a 500 that says nothing about the cause', () => {
    for (const thrown of [
      new Error('secret path /etc/x'),
      'a string',
      null,
      undefined,
      42,
      { statusCode: 503 },
    ]) {
      const err = toAppError(thrown);
      expect(err).toMatchObject({
        code: 'INTERNAL_ERROR',
        statusCode: 500,
        message: 'Internal server error',
      });
      expect(err.details).toBeUndefined();
    }
  });
});
