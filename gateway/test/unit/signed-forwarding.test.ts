import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorHeaders, bodyDigest, verifyRequest } from '@momentum/http';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/** What the gateway signs for a service: the actor bound to the method, URL and body sent. */
describe('the gateway signs each forwarded request for its service', () => {
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    gw = await startTestGateway();
    key = await gw.keyring.add(userActor('s1'));
  });
  afterAll(() => gw.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: string) =>
    gw.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  it('streamed path families and the gateway’s own routes: the digest of the body as sent', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/projects', '{"name":"P",  "key":"PP"}'],
      ['PATCH', '/api/agents/a1', '{"isActive":false}'],
      ['POST', '/api/tasks', '{"title":"t"}'],
      ['GET', '/api/projects?page=2', undefined],
    ] as const) {
      const res = await send(method, url, payload);
      expect(res.statusCode, url).toBeLessThan(300);
      const seen = gw.seen.at(-1)!;
      expect(seen.actor?.id, url).toBe('s1');
      expect(seen.headers[ActorHeaders.body], url).toBe(bodyDigest(seen.body));
      expect(seen.headers[ActorHeaders.caller], url).toBe('internal');
    }
  });

  it('with per-service keys, signs as "gateway" with the key of that service only', async () => {
    const k = (c: string) => c.repeat(40);
    const keyed = await startTestGateway({
      env: {
        SIGNING_KEYS: `identity=${k('i')},habits=${k('h')},issues=${k('u')},projects=${k('p')},agents=${k('a')},webhooks=${k('w')}`,
      },
    });
    try {
      const raw = await keyed.keyring.add(userActor('s2'));
      await keyed.app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { authorization: `Bearer ${raw}` },
      });
      const seen = keyed.seen.at(-1)!;
      const request = { method: 'GET', url: '/api/projects' };
      const headers = seen.headers as Record<string, string>;
      expect(verifyRequest(headers, new Map([['gateway', k('p')]]), request)).toMatchObject({
        caller: 'gateway',
        actor: { id: 's2' },
      });
      // The key toward another service, or the shared secret, does not verify it.
      expect(verifyRequest(headers, new Map([['gateway', k('i')]]), request)).toBeNull();
      expect(seen.actor).toBeNull();
    } finally {
      await keyed.close();
    }
  });
});
