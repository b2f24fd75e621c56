import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS_CHANGED_HEADER, markMembershipsChanged } from '@momentum/http';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * Read your own writes on memberships (docs/SECURITY.md): identity's reply to a team made or
 * a member added or removed names the users whose teams changed; the gateway that carried
 * it drops their cached actors before it answers, and passes the header on to no one.
 */
describe('a membership change said by identity’s reply', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({
      handler: (request, reply) => {
        if (request.method === 'POST' && request.url === '/api/teams') {
          markMembershipsChanged(reply, 'ada', 'bob');
          return reply.status(201).send({ data: { id: 'team-1' } });
        }
        return undefined;
      },
    });
  });
  afterAll(() => gw?.close());

  const ask = (key: string, method: 'GET' | 'POST', url: string) =>
    gw.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: '{"name":"T"}' } : {}),
    });

  it('drops the named users’ cached actors before answering, and not the header through', async () => {
    const ada = await gw.keyring.add(userActor('ada'));
    const carol = await gw.keyring.add(userActor('carol'));
    expect((await ask(ada, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await ask(carol, 'GET', '/api/me')).statusCode).toBe(200);
    expect(gw.keyCache.size).toBe(2);
    const lookups = gw.keyring.lookups;

    const made = await ask(ada, 'POST', '/api/teams');
    expect(made.statusCode).toBe(201);
    expect(made.headers[MEMBERSHIPS_CHANGED_HEADER]).toBeUndefined();
    // Ada's verdict is gone by the time the reply is out; Carol's stays.
    expect(gw.keyCache.size).toBe(1);
    expect((await ask(ada, 'GET', '/api/me')).statusCode).toBe(200);
    expect(gw.keyring.lookups).toBe(lookups + 1);
    expect((await ask(carol, 'GET', '/api/me')).statusCode).toBe(200);
    expect(gw.keyring.lookups).toBe(lookups + 1);
  });
});
