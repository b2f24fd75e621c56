import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';
import { parseApiKey } from '@momentum/service-kit';

/** The secret part of a raw key (it may itself hold `_`). */
const secretOf = (raw: string) => parseApiKey(raw)!.secret;

let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
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
  });

  it('/health needs no key', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      services: { identity: 'ok', habits: 'ok', projects: 'ok', issues: 'ok', agents: 'ok' },
    });
  });
});
