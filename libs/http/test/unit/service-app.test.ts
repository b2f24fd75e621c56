import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, injectAs, userActor } from '@momentum/testing';
import { PUBLIC_ROUTE } from '../../src/route.js';
import {
  ActorHeaders,
  SIGNATURE_EXPIRED_HEADER,
  SIGNATURE_WINDOW_MS,
  bodyDigest,
  signActor,
} from '../../src/actor-header.js';
import { createServiceApp } from '../../src/app.js';
import { sampleApp } from '../support/sample-app.js';

/** What createServiceApp's plugins answer before and around the routes a service declares. */
const shapeA = sampleApp();
const shapeB = sampleApp({ shape: 'B' });
shapeA.get('/open', PUBLIC_ROUTE, async () => ({ data: 'open' }));
shapeA.get('/closed', async () => ({ data: 'closed' }));
afterAll(() => Promise.all([shapeA.close(), shapeB.close()]));

const actor = userActor();

describe('a service app', () => {
  it('answers a known path asked with another method 405 with Allow, in the path’s shape', async () => {
    for (const [app, url, body] of [
      [
        shapeA,
        '/api/things',
        { error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) } },
      ],
      [shapeB, '/api/agents', { statusCode: 405, message: expect.any(String) }],
    ] as const) {
      for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
        const res = await injectAs(app, actor, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD, POST');
        expect(res.json()).toEqual(body);
      }
    }
    const one = await injectAs(shapeA, actor, { method: 'POST', url: '/api/things/boom?x=1' });
    expect(one.statusCode).toBe(405);
    expect(one.headers.allow).toBe('GET, HEAD');
    expect(one.json().error.message).toBe(
      'POST is not allowed on /api/things/boom; it answers GET, HEAD',
    );
  });

  it('keeps an unknown path 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await injectAs(shapeA, actor, { method, url: '/api/nothing-here' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    const b = await injectAs(shapeB, actor, { method: 'GET', url: '/api/agents/x/y/z' });
    expect(b.statusCode).toBe(404);
    expect(b.json()).toEqual({ statusCode: 404, message: expect.any(String) });
  });

  it('refuses a request without a signed actor 401 with WWW-Authenticate, in both shapes', async () => {
    for (const [app, url] of [
      [shapeA, '/api/things'],
      [shapeB, '/api/agents'],
      [shapeA, '/api/nothing-here'],
      [shapeA, '/closed'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['www-authenticate'], url).toBe('Bearer realm="momentum"');
    }
    const forged = await shapeA.inject({
      method: 'GET',
      url: '/api/things',
      headers: signActor(actor, 'another-secret-of-at-least-32-characters!', {
        method: 'GET',
        url: '/api/things',
      }),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a body other than the one the signature covers, and a signature for another route', async () => {
    const signed = (body: string) =>
      signActor(actor, TEST_SECRET, {
        method: 'POST',
        url: '/api/things',
        bodyDigest: bodyDigest(body),
      });
    const post = (headers: Record<string, string>, payload: string) =>
      shapeA.inject({
        method: 'POST',
        url: '/api/things',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
    const real = '{"type":"todo","title":"mine"}';
    expect((await post(signed(real), real)).statusCode).toBe(201);
    const swapped = await post(signed(real), '{"type":"todo","title":"theirs"}');
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json().error.code).toBe('UNAUTHORIZED');
    // A signature for no body does not carry one.
    expect((await post(signed(''), real)).statusCode).toBe(401);
    // A GET's signature does not open a POST.
    const get = signActor(actor, TEST_SECRET, { method: 'GET', url: '/api/things' });
    expect((await post(get, '')).statusCode).toBe(401);
  });

  it('takes a signed request once: the same headers again are 401, and so is a changed nonce', async () => {
    const headers = signActor(actor, TEST_SECRET, { method: 'GET', url: '/api/things' });
    const get = (h: Record<string, string>) =>
      shapeA.inject({ method: 'GET', url: '/api/things', headers: h });
    expect((await get(headers)).statusCode).toBe(200);
    const replay = await get(headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'This signed request was already used' },
    });
    const changed = await get({ ...headers, [ActorHeaders.nonce]: randomUUID() });
    expect(changed.statusCode).toBe(401);
    // A refused replay does not spend a fresh request's nonce.
    expect((await injectAs(shapeA, actor, { method: 'GET', url: '/api/things' })).statusCode).toBe(
      200,
    );
  });

  it('marks its 401 to a correctly signed request that arrived outside the window, and only that', async () => {
    const get = (h: Record<string, string>) =>
      shapeA.inject({ method: 'GET', url: '/api/things', headers: h });
    const request = { method: 'GET', url: '/api/things' };
    const late = await get(
      signActor(actor, TEST_SECRET, request, Date.now() - SIGNATURE_WINDOW_MS - 2000),
    );
    expect(late.statusCode).toBe(401);
    expect(late.headers[SIGNATURE_EXPIRED_HEADER]).toBe('1');
    expect(late.json()).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message: 'This signed request arrived outside its time window',
      },
    });
    // Another key, or a tampered signature, is refused unmarked whatever its time.
    const old = Date.now() - SIGNATURE_WINDOW_MS - 2000;
    const forged = await get(signActor(actor, `${TEST_SECRET}x`, request, old));
    expect(forged.statusCode).toBe(401);
    expect(forged.headers[SIGNATURE_EXPIRED_HEADER]).toBeUndefined();
    const headers = signActor(actor, TEST_SECRET, request, old);
    const tampered = await get({ ...headers, [ActorHeaders.timestamp]: String(old + 1) });
    expect(tampered.headers[SIGNATURE_EXPIRED_HEADER]).toBeUndefined();
    // The same request signed now is answered.
    const fresh = await get(signActor(actor, TEST_SECRET, request));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers[SIGNATURE_EXPIRED_HEADER]).toBeUndefined();
  });

  it('judges signatures by SIGNATURE_WINDOW_MS: 5 s by default, longer when configured', async () => {
    expect(SIGNATURE_WINDOW_MS).toBe(5000);
    const wide = createServiceApp({
      name: 'wide',
      internalSecret: TEST_SECRET,
      signing: { INTERNAL_SECRET: TEST_SECRET, SIGNATURE_WINDOW_MS: 60_000 },
      logger: false,
    });
    wide.get('/api/things', async () => ({ data: [] }));
    const request = { method: 'GET', url: '/api/things' };
    const get = (app: typeof wide, at: number) =>
      app.inject({ ...request, headers: signActor(actor, TEST_SECRET, request, at) });
    try {
      const thirtySecondsAgo = Date.now() - 30_000;
      expect((await get(wide, thirtySecondsAgo)).statusCode).toBe(200);
      expect((await get(shapeA, thirtySecondsAgo)).statusCode).toBe(401);
      expect((await get(shapeA, Date.now() - 6000)).statusCode).toBe(401);
      expect((await get(shapeA, Date.now() - 3000)).statusCode).toBe(200);
    } finally {
      await wide.close();
    }
  });

  it('lets a route that says it is public (config.public) answer without an actor', async () => {
    const open = await shapeA.inject({ method: 'GET', url: '/open' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ data: 'open' });
    for (const url of ['/health', '/openapi.json']) {
      expect((await shapeA.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    // A public route asked with another method is still 405, without a key.
    const wrong = await shapeA.inject({ method: 'POST', url: '/health' });
    expect(wrong.statusCode).toBe(401);
    const signedWrong = await injectAs(shapeA, actor, { method: 'POST', url: '/health' });
    expect(signedWrong.statusCode).toBe(405);
    expect(signedWrong.headers.allow).toBe('GET, HEAD');
  });

  it('refuses a body that is not JSON 415, before the route reads it as a string', async () => {
    for (const contentType of ['text/plain', 'text/plain;charset=UTF-8', 'text/csv']) {
      const res = await injectAs(shapeA, actor, {
        method: 'POST',
        url: '/api/things',
        headers: { 'content-type': contentType },
        payload: JSON.stringify({ type: 'todo', title: 'x' }),
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const b = await injectAs(shapeB, actor, {
      method: 'POST',
      url: '/api/agents',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(b.statusCode).toBe(415);
    expect(b.json()).toEqual({ statusCode: 415, message: expect.any(String) });
  });

  it('names every request in x-request-id, the caller’s own when plain', async () => {
    const res = await injectAs(shapeA, actor, {
      method: 'GET',
      url: '/api/things',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    const refused = await shapeA.inject({ method: 'GET', url: '/api/things' });
    expect(refused.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });
});
