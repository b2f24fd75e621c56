import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/security-headers.js';
import { ActorHeaders, signActor } from '../../src/actor-header.js';
import { TEST_SECRET, injectAs, userActor } from '@momentum/testing';
import { sampleApp } from '../support/sample-app.js';

const lines: string[] = [];
const app = sampleApp({ logStream: { write: (line) => void lines.push(line) } });
const shapeB = sampleApp({ shape: 'B' });
afterAll(() => Promise.all([app.close(), shapeB.close()]));

const actor = userActor();
const RAW_KEY = 'svc_u0123456789abcdef01234567_SuperSecretPartThatMustNeverBeLogged0123';

describe('service responses and logs', () => {
  it('a thrown error is a bare 500: no message, no stack, no path; the log has the detail but no secret', async () => {
    for (const [svc, expected] of [
      [app, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }],
      [shapeB, { statusCode: 500, message: 'Internal server error' }],
    ] as const) {
      const url = svc === app ? '/api/things/boom' : '/api/agents/boom';
      const res = await injectAs(svc, actor, { method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(expected);
      expect(res.body).not.toMatch(/boom|stack|\bat \/|\.ts:\d+/);
    }
    expect(lines.join('\n')).toContain('request failed');
  });

  it('logs never hold the authorization header, a raw key, the actor signature or the internal secret', async () => {
    const signed = signActor(actor, TEST_SECRET, { method: 'GET', url: '/api/things/log-headers' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/things/log-headers',
      headers: { ...signed, authorization: `Bearer ${RAW_KEY}` },
    });
    expect(res.statusCode).toBe(200);
    await injectAs(app, actor, { method: 'GET', url: '/api/things/boom' });
    await app.inject({
      method: 'GET',
      url: '/api/things',
      headers: { authorization: `Bearer ${RAW_KEY}` },
    });
    const log = lines.join('\n');
    expect(log).toContain('headers as received');
    expect(log).toContain('[redacted]');
    for (const secret of [
      RAW_KEY,
      RAW_KEY.split('_')[2]!,
      signed[ActorHeaders.signature]!,
      TEST_SECRET,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('every response carries the security headers: 2xx, 401, 404, 422, 500, /health, an undecodable URL', async () => {
    const responses = [
      await injectAs(app, actor, { method: 'GET', url: '/api/things' }),
      await app.inject({ method: 'GET', url: '/api/things' }),
      await injectAs(app, actor, { method: 'GET', url: '/api/nowhere' }),
      await injectAs(app, actor, { method: 'POST', url: '/api/things', payload: {} }),
      await injectAs(app, actor, { method: 'GET', url: '/api/things/boom' }),
      await app.inject({ method: 'GET', url: '/health' }),
      await injectAs(app, actor, { method: 'GET', url: '/api/things/%E0%A4%A' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 422, 500, 200, 400]);
    for (const res of responses) {
      for (const [name, value] of Object.entries(securityHeaders))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      // Fastify answers an undecodable URL before request hooks run: no request id then.
      if (res.statusCode !== 400) expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});
