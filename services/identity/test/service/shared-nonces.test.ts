import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { bodyDigest, signActor } from '@momentum/http';
import { TEST_SECRET } from '@momentum/testing';
import { startIdentity, startTwin, type Identity } from './harness.js';

/**
 * docs/SECURITY.md, Replay: a signed request that changes state is taken once by the service,
 * not once per process; a read is judged by each process's own set.
 */
describe('a signed request replayed to the other process of the service', () => {
  let a: Identity;
  let b: Identity;
  beforeAll(async () => {
    a = await startIdentity();
    b = await startTwin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** One request signed once, to be sent as it is to either process. */
  function signedOnce(method: 'GET' | 'POST', url: string, payload?: object) {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = {
      ...signActor(SYSTEM_ACTOR, TEST_SECRET, { method, url, bodyDigest: bodyDigest(body) }),
      ...(body ? { 'content-type': 'application/json' } : {}),
    };
    return (to: Identity) =>
      to.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  }
  const replayed = {
    error: { code: 'UNAUTHORIZED', message: 'This signed request was already used' },
  };

  it('a POST taken by one process is refused 401 by the other, and runs once', async () => {
    const register = signedOnce('POST', '/internal/oauth/clients', {
      name: 'Replayed client',
      uri: null,
      redirectUris: ['https://client.example/cb'],
    });
    const first = await register(a);
    expect(first.statusCode).toBe(201);
    const again = await register(b);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(replayed);
    expect((await register(a)).statusCode).toBe(401);
    const made = await a.ctx.db
      .collection('oauth_clients')
      .countDocuments({ name: 'Replayed client' });
    expect(made).toBe(1);
  });

  it('a GET is refused again by the process that took it, answered by the other', async () => {
    const read = signedOnce('GET', '/internal/oauth/clients/none');
    expect((await read(a)).statusCode).toBe(404);
    expect((await read(a)).json()).toEqual(replayed);
    expect((await read(b)).statusCode).toBe(404);
  });
});
