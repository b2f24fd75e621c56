import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '@momentum/http';
import { parseApiKey } from '@momentum/keys';
import { TEST_SECRET } from '@momentum/testing';
import { KeyCache } from '../../src/auth/key-cache.js';
import { KeyResolver } from '../../src/auth/key-resolver.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/** The secret part of a raw key (it may itself hold `_`). */
const secretOf = (raw: string) => parseApiKey(raw)!.secret;

const lines: string[] = [];
let gw: TestGateway;
let key: string;
const signatures: string[] = [];

beforeAll(async () => {
  // The projects service is down (a port that refuses), so the proxy's error path runs too.
  const down = Fastify();
  const address = await down.listen({ port: 0, host: '127.0.0.1' });
  await down.close();
  gw = await startTestGateway({
    logStream: { write: (line) => void lines.push(line) },
    env: { PROJECTS_URL: address },
    handler: (request, reply, seen) => {
      signatures.push(String(seen.headers['x-momentum-actor-sig']));
      if (request.url === '/api/me/boom')
        return reply
          .status(500)
          .send({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
      return undefined;
    },
  });
  key = await gw.keyring.add(userActor('u1'));
});
afterAll(() => gw.close());

const send = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: string) =>
  gw.app.inject({
    method,
    url,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });

describe('gateway: nothing secret in logs or responses', () => {
  it('requests carrying keys leave no raw key, key secret, actor signature or internal secret in the logs', async () => {
    const wrong = `${key.slice(0, key.lastIndexOf('_') + 1)}${'W'.repeat(43)}`;
    const responses = [
      await send('GET', '/api/me', `Bearer ${key}`),
      await send('GET', '/api/me/boom', `Bearer ${key}`),
      await send('GET', '/api/projects', `Bearer ${key}`),
      await send('POST', '/api/tasks', `Bearer ${key}`, '{"title":'),
      await send('GET', '/api/me', `Bearer ${wrong}`),
      await send('GET', '/api/me', `Bearer ${wrong}`),
      await send('GET', '/api/agents', `Bearer ${key}`),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 500, 503, 400, 401, 401, 200]);
    const log = lines.join('\n');
    expect(log).toContain('response errored'); // the proxy's error path did log
    const secrets = [key, secretOf(key), wrong, secretOf(wrong), TEST_SECRET, ...signatures];
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      for (const res of responses) expect(res.body).not.toContain(secret);
    }
  });

  it('a failure inside the gateway is a bare 500 in the path’s shape, with no stack', async () => {
    const failing = await startTestGateway({
      resolver: new KeyResolver(
        { lookup: async () => Promise.reject(new Error('identity exploded at /srv/x.ts:12')) },
        new KeyCache(1000),
      ),
    });
    try {
      const a = await failing.app.inject({
        method: 'GET',
        url: '/api/tasks',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(a.statusCode).toBe(500);
      expect(a.json()).toEqual({
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
      });
      const b = await failing.app.inject({
        method: 'GET',
        url: '/api/agents',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(b.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
      for (const res of [a, b]) expect(res.body).not.toMatch(/exploded|stack|\.ts:\d+/);
    } finally {
      await failing.close();
    }
  });

  it('every gateway response carries the security headers (proxied, errors, health, docs)', async () => {
    const responses = [
      await send('GET', '/api/me', `Bearer ${key}`),
      await send('GET', '/api/me'),
      await send('GET', '/nowhere'),
      await send('GET', '/api/projects', `Bearer ${key}`),
      await gw.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { authorization: `Bearer ${key}`, 'content-length': String(2 * 1024 * 1024) },
      }),
      await send('GET', '/health'),
      await send('GET', '/openapi.json'),
      await send('GET', '/docs'),
      await send('GET', '/api/tasks/%E0%A4%A', `Bearer ${key}`),
    ];
    for (const res of responses) {
      for (const [name, value] of Object.entries(securityHeaders)) {
        if (name === 'content-security-policy')
          expect(res.headers[name], `${res.statusCode} ${name}`).toMatch(/^default-src 'none'/);
        else expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      }
    }
  });
});
