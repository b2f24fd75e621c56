import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageQuery, SYSTEM_ACTOR, Timestamp, Uuid, dataOf, pageOf } from '@momentum/contracts';
import { createServiceApp } from '../../src/app.js';
import { defineRoute } from '../../src/route.js';
import { DOCUMENT_PATH, openApiDocument, openApiPaths } from '../../src/openapi.js';
import { injectAs, TEST_SECRET, userActor } from '@momentum/testing';

/**
 * defineRoute registers Fastify schemas: Fastify validates with them (the docs/interface.md
 * §7 details of parseInput, unchanged), serializes replies through them, and
 * @fastify/swagger documents them.
 */
const Thing = z.object({ id: Uuid, name: z.string(), createdAt: Timestamp }).meta({ id: 'Thing' });
const Body = z
  .strictObject({ type: z.enum(['a', 'b']), name: z.string().min(1).max(10) })
  .meta({ id: 'NewThing' });
const Params = z.object({ id: Uuid });
const id = randomUUID();
const thing = { id, name: 'n', createdAt: new Date(0).toISOString() };

function app(shape: 'A' | 'B') {
  const prefix = shape === 'A' ? '/api/things' : '/api/agents';
  const a = createServiceApp({
    name: 'sample',
    internalSecret: TEST_SECRET,
    errorShape: shape,
    logger: false,
  });
  defineRoute(
    a,
    {
      method: 'POST',
      url: prefix,
      summary: 'Create',
      operationId: 'createThing',
      body: Body,
      response: { status: 201, schema: dataOf(Thing) },
    },
    async ({ body }) => ({ data: { ...thing, name: body.name, secret: 'never sent' } }),
  );
  defineRoute(
    a,
    {
      method: 'GET',
      url: prefix,
      summary: 'List',
      operationId: 'listThings',
      query: z.strictObject(PageQuery),
      response: { status: 200, schema: pageOf(Thing) },
    },
    async ({ query }) => ({
      data: [thing],
      meta: { total: 1, page: query.page, perPage: query.limit },
    }),
  );
  defineRoute(
    a,
    {
      method: 'GET',
      url: `${prefix}/:id`,
      summary: 'Get',
      operationId: 'getThing',
      params: Params,
      errors: [403],
      response: { status: 200, schema: dataOf(Thing) },
    },
    async ({ params }) => ({ data: { ...thing, id: params.id === id ? id : 'not-a-uuid' } }),
  );
  defineRoute(
    a,
    {
      method: 'DELETE',
      url: `${prefix}/:id`,
      summary: 'Delete',
      operationId: 'deleteThing',
      params: Params,
      response: { status: 204, description: 'Deleted' },
    },
    async () => undefined,
  );
  defineRoute(
    a,
    {
      method: 'GET',
      url: '/internal/things/:id',
      summary: 'Internal',
      internal: true,
      callers: ['gateway'],
      params: Params,
    },
    async ({ params }) => ({ data: params.id }),
  );
  return a;
}

const A = app('A');
const B = app('B');
afterAll(async () => Promise.all([A.close(), B.close()]));
const actor = userActor();

describe('validation by Fastify with the route schemas', () => {
  it('answers the §7 details as parseInput does: required, allowed values, limits', async () => {
    const post = (payload?: unknown) =>
      injectAs(A, actor, {
        method: 'POST',
        url: '/api/things',
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    expect((await post({ name: 'x' })).json().error.details).toEqual({
      field: 'type',
      rule: 'required',
    });
    expect((await post({ type: 'c', name: 'x' })).json().error.details).toEqual({
      field: 'type',
      value: 'c',
      allowed: ['a', 'b'],
    });
    const long = await post({ type: 'a', name: 'x'.repeat(11) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.details).toEqual({ field: 'name', rule: 'max_length', max: 10 });
  });

  it('tells an absent body (required) from a JSON null (type)', async () => {
    const none = await injectAs(A, actor, { method: 'POST', url: '/api/things' });
    expect(none.json().error.details).toEqual({ field: 'body', rule: 'required' });
    const nul = await injectAs(A, actor, {
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nul.json().error.details).toEqual({ field: 'body', rule: 'type', expected: 'object' });
  });

  it('parses the query (digits to numbers, defaults) and refuses bracket keys by name', async () => {
    const page = await injectAs(A, actor, {
      method: 'GET',
      url: '/api/things?page=2&limit=5&limit=7',
    });
    expect(page.json().meta).toEqual({ total: 1, page: 2, perPage: 7 });
    const bracket = await injectAs(A, actor, { method: 'GET', url: '/api/things?limit[$gt]=1' });
    expect(bracket.json().error.details).toEqual({ field: 'limit[$gt]', rule: 'unknown_field' });
  });

  it('answers invalid input in shape B as 400 where the app says so', async () => {
    const res = await injectAs(B, actor, { method: 'GET', url: '/api/agents/nope' });
    expect(res.statusCode).toBe(422); // this sample has no 400 mapping; the agents service adds it
    expect(res.json()).toEqual({ statusCode: 422, message: 'id: must be a UUID' });
  });

  it('hides internal routes from anyone but the system actor, before validating', async () => {
    expect(
      (await injectAs(A, actor, { method: 'GET', url: '/internal/things/nope' })).statusCode,
    ).toBe(404);
    const system = await injectAs(A, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/things/${id}`,
    });
    expect(system.json()).toEqual({ data: id });
  });

  it('refuses to register an internal route that does not list its callers', () => {
    const bare = createServiceApp({ name: 'bare', internalSecret: TEST_SECRET, logger: false });
    expect(() =>
      defineRoute(
        bare,
        { method: 'GET', url: '/internal/open', summary: 'Open', internal: true },
        async () => ({ data: 1 }),
      ),
    ).toThrow(/lists the callers/);
    return bare.close();
  });
});

describe('serialization through the reply schema', () => {
  it('sends only what the schema names', async () => {
    const res = await injectAs(A, actor, {
      method: 'POST',
      url: '/api/things',
      payload: { type: 'a', name: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { ...thing, name: 'x' } });
  });

  it('answers 500 (never a malformed reply) when a handler breaks the schema', async () => {
    const res = await injectAs(A, actor, { method: 'GET', url: `/api/things/${randomUUID()}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
  });

  it('sends no body for 204', async () => {
    const res = await injectAs(A, actor, { method: 'DELETE', url: `/api/things/${id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});

describe('the generated OpenAPI document', () => {
  it('is served without a caller at DOCUMENT_PATH, and its paths by openApiPaths once ready', async () => {
    const res = await A.inject({ method: 'GET', url: DOCUMENT_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
    expect(Object.keys(openApiPaths(A))).toEqual(['/api/things', '/api/things/{id}']);
  });

  it('names operations, types parameters as parsed, and refers to named schemas', async () => {
    const doc = await openApiDocument(A);
    const list = doc.paths['/api/things']!.get!;
    expect(list.operationId).toBe('listThings');
    expect(list.parameters).toContainEqual({
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      in: 'query',
      name: 'limit',
      required: false,
    });
    const create = doc.paths['/api/things']!.post! as Record<string, any>;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NewThingInput',
    });
    expect(create.responses['201'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    expect(Object.keys(doc.components!.schemas!).sort()).toEqual(
      [
        'ApiError',
        'NewThingInput',
        'PageMeta',
        'Thing',
        'ValidationDetails',
        'ValidationFailure',
      ].sort(),
    );
  });

  it('documents every error a route can answer, in the app’s error shape', async () => {
    const statuses = (
      doc: Awaited<ReturnType<typeof openApiDocument>>,
      path: string,
      method: string,
    ) => Object.keys(doc.paths[path]![method]!.responses as object);
    const a = await openApiDocument(A);
    expect(statuses(a, '/api/things/{id}', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '422',
      '500',
      '503',
    ]);
    expect(statuses(a, '/api/things', 'post')).toEqual([
      '201',
      '400',
      '401',
      '413',
      '415',
      '422',
      '500',
      '503',
    ]);
    const deleted = (a.paths['/api/things/{id}']!.delete!.responses as Record<string, any>)['204'];
    expect(deleted).toEqual({ description: 'Deleted' });
    const unavailable = (a.paths['/api/things']!.get!.responses as Record<string, any>)['503'];
    expect(unavailable.headers).toEqual({
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    });
    const b = await openApiDocument(B);
    const notFound = (b.paths['/api/agents/{id}']!.get!.responses as Record<string, any>)['404'];
    expect(notFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AgentError',
    });
  });

  it('leaves internal routes out', async () => {
    expect(Object.keys((await openApiDocument(A)).paths)).not.toContain('/internal/things/{id}');
  });
});
