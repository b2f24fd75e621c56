import { describe, expect, it } from 'vitest';
import { Conformance, type Exchange } from '../../support/openapi/conformance.js';

/** The checker the end-to-end layer runs on every exchange, against a small document. */
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  security: [{ bearer: [] }],
  paths: {
    '/api/things': {
      get: {
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', maximum: 100 },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
          },
          '422': {
            description: 'bad',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'made',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '4XX': {
            description: 'refused',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    '/api/things/search': { get: { responses: { '204': { description: 'nothing' } } } },
    '/api/things/{id}': {
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: {} } } },
        },
      },
    },
    '/health': { get: { security: [], responses: { '200': { description: 'ok' } } } },
  },
  components: {
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    schemas: {
      Page: {
        type: 'object',
        properties: { data: { type: 'array', items: { type: 'string' } } },
        required: ['data'],
        additionalProperties: false,
      },
    },
  },
};
const check = new Conformance(doc);

const exchange = (over: Partial<Exchange> & { headers?: Record<string, string> }): Exchange => ({
  method: 'GET',
  url: '/api/things',
  requestHeaders: { authorization: 'Bearer svc_x' },
  status: 200,
  responseHeaders: new Headers({
    'content-type': 'application/json; charset=utf-8',
    ...over.headers,
  }),
  responseText: '{"data":[]}',
  ...over,
});

describe('checking exchanges against the document', () => {
  it('accepts what the document says', () => {
    expect(check.check(exchange({}))).toEqual([]);
    expect(
      check.check(exchange({ url: '/api/things?limit=5', headers: { 'retry-after': '3' } })),
    ).toEqual([]);
    expect(
      check.check(exchange({ url: '/api/things/search', status: 204, responseText: '' })),
    ).toEqual([]);
    expect(check.check(exchange({ url: '/health', requestHeaders: {}, responseText: '' }))).toEqual(
      [],
    );
  });

  it('reports an undocumented status, body or header', () => {
    expect(check.check(exchange({ status: 418 }))).toEqual([
      'GET /api/things → 418: status 418 is not documented (documented: 200, 422)',
    ]);
    expect(check.check(exchange({ responseText: '{"data":[1],"extra":true}' }))).toEqual([
      expect.stringMatching(/body \(root\) must NOT have additional properties/),
      expect.stringMatching(/body \/data\/0 must be string/),
    ]);
    expect(check.check(exchange({ responseText: 'oops' }))).toEqual([
      'GET /api/things → 200: body is not JSON',
    ]);
    expect(check.check(exchange({ headers: { 'retry-after': 'soon' } }))[0]).toMatch(
      /header Retry-After \(root\) must be integer/,
    );
    expect(check.check(exchange({ url: '/api/things/search', status: 204 }))).toEqual([
      'GET /api/things/search → 204: has a body, but the document says none',
    ]);
  });

  it('matches a status range, and a literal segment before a template', () => {
    const refused = { method: 'POST', status: 409, body: '{}' };
    expect(check.check(exchange({ ...refused, requestBody: '{"name":"x"}' }))).toEqual([]);
    expect(check.check(exchange({ url: '/api/things/search', status: 200 }))[0]).toMatch(
      /not documented/,
    );
  });

  it('reports a request the document calls invalid that was not refused', () => {
    expect(check.check(exchange({ url: '/api/things?limit=500' }))).toEqual([
      'GET /api/things → 200: was answered 200, but the document calls the request invalid: query limit (root) must be <= 100 {"comparison":"<=","limit":100}',
    ]);
    expect(check.check(exchange({ requestHeaders: {} }))[0]).toMatch(/sends no bearer key/);
    const post = { method: 'POST', status: 201, responseText: '{}' };
    expect(
      check.check(
        exchange({
          ...post,
          requestBody: '{}',
          requestHeaders: { authorization: 'Bearer k', 'content-type': 'application/json' },
        }),
      )[0],
    ).toMatch(/body \(root\) must have required property 'name'/);
    expect(check.check(exchange({ url: '/api/things/nope', responseText: '1' }))[0]).toMatch(
      /path id .* must match format "uuid"/,
    );
  });

  it('accepts an invalid request that was refused', () => {
    expect(
      check.check(exchange({ url: '/api/things?limit=500', status: 422, responseText: '{}' })),
    ).toEqual([]);
    expect(check.check(exchange({ method: 'POST', status: 400, responseText: '{}' }))).toEqual([]);
  });

  it('has nothing to say about a path or method it does not document', () => {
    expect(check.check(exchange({ url: '/api/nothing', status: 404 }))).toEqual([]);
    expect(check.check(exchange({ method: 'PUT', status: 405 }))).toEqual([]);
  });
});
