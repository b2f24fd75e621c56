import { afterAll, describe, expect, it } from 'vitest';
import { errorShapeForPath } from '@momentum/contracts';
import { MAX_JSON_DEPTH, jsonBodyPlugin, jsonDepthExceeds } from '../../src/json-parser.js';
import { errorHandlerPlugin } from '../../src/error-handler.js';
import { createServer } from '../../src/server.js';

const app = createServer({ logger: false, shapeFor: errorShapeForPath });
await app.register(errorHandlerPlugin, { shapeFor: errorShapeForPath });
await app.register(jsonBodyPlugin);
app.post('/echo', async (request) => ({
  body: request.body === undefined ? 'none' : request.body,
}));
afterAll(() => app.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });

describe('JSON body parser', () => {
  it('parses JSON', async () => {
    const res = await post('{"a":[1,{"b":null}]}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { a: [1, { b: null }] } });
  });

  it('an empty or blank body with a JSON content type is no body', async () => {
    for (const payload of ['', '   ', '\n\t']) {
      const res = await post(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: 'none' });
    }
  });

  it('refuses __proto__ and constructor.prototype keys with 400', async () => {
    for (const payload of [
      '{"__proto__":{"isAdmin":true}}',
      '{"a":{"__proto__":{"x":1}}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('malformed JSON is 400 "Malformed JSON body", in shape B on /api/agents', async () => {
    const res = await post('{"a":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON body' } });
  });

  it('refuses any body that is not JSON with 415, text/plain and no content type included', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post('{"a":1}', contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json(), contentType).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
      });
    }
    const untyped = await app.inject({ method: 'POST', url: '/echo', payload: '{"a":1}' });
    expect(untyped.statusCode).toBe(415);
  });

  it('accepts a charset parameter', async () => {
    const res = await post('{"a":1}', 'application/json; charset=utf-8');
    expect(res.json()).toEqual({ body: { a: 1 } });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels with 400 (it would overflow a later stack)`, async () => {
    const nested = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    expect((await post(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
    for (const payload of [nested(MAX_JSON_DEPTH + 1), '['.repeat(100_000) + ']'.repeat(100_000)]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: `JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        },
      });
    }
  });

  it('brackets inside strings and escaped quotes do not count as nesting', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[{{{{{{', b: '\\"[[[[' }), 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[', 3)).toBe(true);
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
  });
});
