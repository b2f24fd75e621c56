import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';
import { parseApiKey } from '@momentum/keys';
import { keyCacheLookups } from '@momentum/telemetry';
import { mcpExtension } from '../../src/mcp/extension.js';

/** The secret part of a raw key (it may itself hold `_`). */
const secretOf = (raw: string) => parseApiKey(raw)!.secret;

let gw: TestGateway;
let key: string;

/** Two routes of the kind an extension adds: on a public row of the route table, and not. */
const openAndClosed = (app: FastifyInstance) => {
  app.get('/health/open', async () => ({ data: 'open' }));
  app.get('/api/me/closed', async () => ({ data: 'closed' }));
};

beforeAll(async () => {
  gw = await startTestGateway({ extensions: [mcpExtension, openAndClosed] });
  key = await gw.keyring.add(userActor('u1'));
});
afterAll(() => gw.close());

const get = (url: string, authorization?: string) =>
  gw.app.inject({
    method: 'GET',
    url,
    headers: authorization === undefined ? {} : { authorization },
  });

describe('gateway authentication', () => {
  it('401 in shape A with code UNAUTHORIZED without a key on task, project and identity paths', async () => {
    for (const url of [
      '/api/tasks',
      '/api/tasks/abc',
      '/api/projects',
      '/api/me',
      '/api/teams',
      '/mcp',
      '/api/nowhere',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      });
    }
  });

  it('401 in shape B {statusCode, message} on /api/agents', async () => {
    for (const url of [
      '/api/agents',
      '/api/agents/a1',
      '/api/agents?x=1',
      '/api/agents/a1/api-key',
    ]) {
      const res = await get(url, 'Bearer svc_nope');
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ statusCode: 401, message: expect.any(String) });
    }
  });

  it('refuses malformed, unknown and non-bearer keys', async () => {
    for (const auth of [
      '',
      'svc_x',
      'Bearer',
      'Bearer nope',
      'Basic Zm9vOmJhcg==',
      `Bearer ${key}x`,
      `Bearer ${key.slice(0, -1)}`,
      `Token ${key}`,
    ]) {
      const res = await get('/api/me', auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('a valid key reaches the service with a signed actor and without the raw key', async () => {
    const res = await get('/api/me', `Bearer ${key}`);
    expect(res.statusCode).toBe(200);
    const seen = gw.seen.at(-1)!;
    expect(seen.service).toBe('identity');
    expect(seen.actor).toEqual(userActor('u1'));
    expect(seen.headers.authorization).toBeUndefined();
    expect(JSON.stringify(seen.headers)).not.toContain(secretOf(key));
    expect(seen.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('the scheme is case-insensitive and surrounding space is ignored', async () => {
    expect((await get('/api/me', `bearer ${key}`)).statusCode).toBe(200);
    expect((await get('/api/me', `  Bearer   ${key}  `)).statusCode).toBe(200);
  });

  it('a client cannot smuggle its own actor header past the gateway', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: {
        authorization: `Bearer ${key}`,
        'x-momentum-actor': 'forged',
        'x-momentum-actor-sig': 'forged',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(gw.seen.at(-1)!.actor?.id).toBe('u1');
  });

  it('a key is verified once, then served from the cache', async () => {
    const other = await gw.keyring.add(userActor('u2'));
    const before = gw.keyring.lookups;
    await Promise.all(Array.from({ length: 10 }, () => get('/api/me', `Bearer ${other}`)));
    expect(gw.keyring.lookups - before).toBe(1);
    // key_cache_lookups_total: the next request with that key is a hit
    const hits = async () =>
      (await keyCacheLookups.get()).values.find((v) => v.labels.result === 'hit')?.value ?? 0;
    const hitsBefore = await hits();
    await get('/api/me', `Bearer ${other}`);
    expect(await hits()).toBe(hitsBefore + 1);
  });

  it('/health (alive) and /ready (every service ready) need no key', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(200);
    const { status, services } = ready.json();
    expect(status).toBe('ok');
    expect(services).toMatchObject({
      identity: 'ok',
      habits: 'ok',
      projects: 'ok',
      issues: 'ok',
      agents: 'ok',
    });
    expect(Object.values(services).every((s) => s === 'ok')).toBe(true);
  });

  it('a route on a public row of the route table needs no key; every other route does', async () => {
    expect((await get('/health/open')).statusCode).toBe(200);
    expect((await get('/api/me/closed')).statusCode).toBe(401);
    expect((await get('/api/me/closed', `Bearer ${key}`)).statusCode).toBe(200);
    // The docs' rows are public. (What they answer in front of these fake services is the
    // docs' own business: e2e checks the document.)
    for (const url of ['/openapi.json', '/docs'])
      expect((await get(url)).statusCode, url).not.toBe(401);
  });
});

describe('WWW-Authenticate on every 401', () => {
  const plain = 'Bearer realm="momentum"';
  const invalid = expect.stringMatching(
    /^Bearer realm="momentum", error="invalid_token", error_description="[^"]+"$/,
  );

  it('names the Bearer scheme when no key was sent, in shape A, shape B and on /mcp', async () => {
    for (const url of ['/api/tasks', '/api/projects', '/api/agents', '/api/agents/a1', '/mcp']) {
      for (const authorization of [undefined, 'Basic Zm9vOmJhcg==']) {
        const res = await get(url, authorization);
        expect(res.statusCode, url).toBe(401);
        expect(res.headers['www-authenticate'], url).toBe(plain);
      }
    }
    const mcp = await gw.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(mcp.statusCode).toBe(401);
    expect(mcp.headers['www-authenticate']).toBe(plain);
  });

  it('says invalid_token, with the reason, when a key was sent and refused', async () => {
    for (const url of ['/api/tasks', '/api/agents', '/mcp']) {
      for (const authorization of ['Bearer nope', `Bearer ${key}x`, 'Bearer svc_u1_wrong']) {
        const res = await get(url, authorization);
        expect(res.statusCode, `${url} ${authorization}`).toBe(401);
        expect(res.headers['www-authenticate'], url).toEqual(invalid);
      }
    }
    const res = await get('/api/tasks', `Bearer ${key}x`);
    expect(res.headers['www-authenticate']).toContain(
      'error_description="Invalid, revoked or inactive API key"',
    );
    expect(res.json().error.message).toBe('Invalid, revoked or inactive API key');
    const b = await get('/api/agents', 'Bearer nope');
    expect(b.json()).toEqual({ statusCode: 401, message: expect.stringContaining('svc_') });
  });

  it('is absent from other answers', async () => {
    expect((await get('/api/me', `Bearer ${key}`)).headers['www-authenticate']).toBeUndefined();
  });
});
