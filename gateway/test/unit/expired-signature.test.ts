import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@momentum/contracts';
import { SIGNATURE_EXPIRED_HEADER, SIGNATURE_WINDOW_MS, createServiceApp } from '@momentum/http';
import { TEST_SECRET } from '@momentum/testing';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * A service that takes a forwarded request after the gateway's signature on it expired (it
 * stalled with the request queued, or its clock runs ahead) refuses it 401 before any
 * handler; the gateway answers the client a retryable 503 and frees the Idempotency-Key, so
 * the retry runs once. Real service apps (createServiceApp) stand in for projects and issues,
 * with a clock that can be put ahead of the gateway's by more than the window.
 */
describe('gateway: a signature that expired before the service took the request', () => {
  let gw: TestGateway;
  let key: string;
  let ahead = 0;
  const ran: string[] = [];

  const service = (name: string) => {
    const app = createServiceApp({
      name,
      internalSecret: TEST_SECRET,
      logLevel: 'silent',
      signatureClock: () => Date.now() + ahead,
    });
    app.post('/api/projects', async (request, reply) => {
      ran.push(`${name} POST /api/projects`);
      return reply.status(201).send({ data: { id: `p${ran.length}` } });
    });
    app.get('/api/projects', async () => ({ data: [] }));
    app.post('/api/tasks', async (request, reply) => {
      ran.push(`${name} POST /api/tasks`);
      return reply.status(201).send({ data: { id: `i${ran.length}` } });
    });
    // A service's own 401 (not an expired signature) is the client's to see.
    app.get('/api/projects/own-401', async () => {
      throw new AppError('UNAUTHORIZED', 'Not for you');
    });
    return app;
  };

  beforeAll(async () => {
    gw = await startTestGateway({
      upstreams: { projects: service('projects'), issues: service('issues') },
    });
    key = await gw.keyring.add(userActor('late'));
  });
  afterAll(() => gw.close());

  const send = (method: 'GET' | 'POST', url: string, body?: object, idem?: string) =>
    gw.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idem ? { 'idempotency-key': idem } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  for (const [label, url, body, service] of [
    ['a streamed path family (projects)', '/api/projects', { name: 'P' }, 'projects'],
    [
      'a route the gateway decides (POST /api/tasks → issues)',
      '/api/tasks',
      { projectId: 'x', title: 't' },
      'issues',
    ],
  ] as const) {
    it(`${label}: 503 with Retry-After, nothing ran, and the keyed retry runs once`, async () => {
      const idem = `late-${service}`;
      ran.length = 0;
      ahead = SIGNATURE_WINDOW_MS + 1000;
      const late = await send('POST', url, body, idem);
      expect(late.statusCode).toBe(503);
      expect(late.headers['retry-after']).toBe('1');
      expect(late.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining(service) },
      });
      expect(late.headers[SIGNATURE_EXPIRED_HEADER]).toBeUndefined();
      expect(late.headers['www-authenticate']).toBeUndefined();
      expect(ran).toEqual([]);

      // The key was freed: the retry (the service caught up) runs, and its answer is kept.
      ahead = 0;
      const retry = await send('POST', url, body, idem);
      expect(retry.statusCode).toBe(201);
      expect(ran).toEqual([`${service} POST ${url}`]);
      const again = await send('POST', url, body, idem);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(retry.json());
      expect(ran).toHaveLength(1);
    });
  }

  it('a read likewise; a 401 the service means stays 401', async () => {
    ahead = SIGNATURE_WINDOW_MS + 1000;
    const late = await send('GET', '/api/projects');
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('1');
    ahead = -(SIGNATURE_WINDOW_MS + 1000);
    expect((await send('GET', '/api/projects')).statusCode).toBe(503);
    ahead = 0;
    expect((await send('GET', '/api/projects')).statusCode).toBe(200);
    const own = await send('GET', '/api/projects/own-401');
    expect(own.statusCode).toBe(401);
    expect(own.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Not for you' } });
  });
});
