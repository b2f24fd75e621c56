import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedUrl } from '@momentum/testing/ports';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * The gateway in front of services that fail: one that is down (its port closed), and
 * writes whose connection breaks after the service received them (it may have applied them).
 */
describe('gateway: services that fail', () => {
  let gw: TestGateway;
  let key: string;
  /** Called when a slow write has reached the service. */
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    const [agents, webhooks] = await Promise.all([refusedUrl(), refusedUrl()]);
    gw = await startTestGateway({
      env: { AGENTS_URL: agents, WEBHOOKS_URL: webhooks },
      handler: (request, reply) => {
        // Received (and perhaps written), then the process died before answering.
        if (request.url.endsWith('cut')) request.raw.socket.destroy();
        // A stalled service: it answers, long after the client gave up.
        const slow = /\/slow-(\d+)$/.exec(request.url);
        if (slow) arrived();
        if (slow)
          return new Promise((r) =>
            setTimeout(() => r(reply.status(Number(slow[1])).send({ data: 'late' })), 600),
          );
        return undefined;
      },
    });
    key = await gw.keyring.add(userActor('alice'));
  });
  afterAll(() => gw.close());

  const send = (method: 'GET' | 'POST', url: string, idem?: string) =>
    gw.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(idem ? { 'idempotency-key': idem } : {}),
      },
      ...(method === 'POST' ? { payload: '{"name":"x"}' } : {}),
    });
  const reached = (url: string) =>
    gw.seen.filter((s) => s.method === 'POST' && s.url === url).length;

  it('stays ready while a service is down, reporting it', async () => {
    const ready = await gw.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'degraded',
      services: {
        identity: 'ok',
        habits: 'ok',
        projects: 'ok',
        issues: 'ok',
        agents: 'unavailable',
        webhooks: 'unavailable',
        notifications: 'ok',
      },
    });
  });

  it("answers that service's paths 503 with Retry-After in the path's shape; the others work", async () => {
    const webhooks = await send('GET', '/api/webhooks');
    expect(webhooks.statusCode).toBe(503);
    expect(webhooks.headers['retry-after']).toBe('1');
    expect(webhooks.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('webhooks') },
    });
    const agents = await send('GET', '/api/agents');
    expect(agents.statusCode).toBe(503);
    expect(agents.headers['retry-after']).toBe('1');
    expect(agents.json()).toEqual({ statusCode: 503, message: expect.stringContaining('agents') });
    expect((await send('GET', '/api/projects')).statusCode).toBe(200);
  });

  it('keeps the key of a write the service received but never answered: a retry cannot run it twice', async () => {
    for (const url of ['/api/projects/cut', '/api/tasks/t1/complete?cut']) {
      const first = await send('POST', url, `cut-${url}`);
      expect(first.statusCode, url).toBe(503);
      expect(first.headers['retry-after']).toBe('1');
      // The write may have been applied: the key stays in progress, the retry is refused.
      const retry = await send('POST', url, `cut-${url}`);
      expect(retry.statusCode, url).toBe(409);
      expect(retry.json().error.message).toMatch(/still in progress/);
      expect(reached(url), url).toBe(1);
    }
  });

  it('frees the key of a write that never reached the service (connection refused)', async () => {
    const first = await send('POST', '/api/webhooks', 'refused-1');
    expect(first.statusCode).toBe(503);
    // Nothing was sent: the retry runs (and meets the same closed port).
    const retry = await send('POST', '/api/webhooks', 'refused-1');
    expect(retry.statusCode).toBe(503);
    expect(retry.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it("settles the key of a write whose client gave up by the service's late answer, never running it twice", async () => {
    const base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
    // The client gives up once its write has reached the service.
    const giveUp = async (url: string, idem: string) => {
      const controller = new AbortController();
      arrived = () => controller.abort();
      const aborted = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': idem,
        },
        body: '{"name":"x"}',
        signal: controller.signal,
      }).catch((err: Error) => err);
      expect(aborted).toBeInstanceOf(Error);
    };
    // The service answers 201 after the client left: the write ran, a retry must not run it.
    await giveUp('/api/projects/slow-201', 'gone-201');
    // Still running at the service: in progress.
    expect((await send('POST', '/api/projects/slow-201', 'gone-201')).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 600));
    // Answered since: the answer the client never read is the one a retry is given.
    const after = await send('POST', '/api/projects/slow-201', 'gone-201');
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual({ data: 'late' });
    expect(reached('/api/projects/slow-201')).toBe(1);
    // It answers 500 after the client left: the write failed, so the retry runs it.
    await giveUp('/api/projects/slow-500', 'gone-500');
    await new Promise((r) => setTimeout(r, 600));
    expect((await send('POST', '/api/projects/slow-500', 'gone-500')).statusCode).toBe(500);
    expect(reached('/api/projects/slow-500')).toBe(2);
  });
});

describe('gateway: a keyed write answered after its client had gone', () => {
  it('a retry is told the write ran (409), not run again', async () => {
    const lost = { status: 201, contentType: undefined, body: Buffer.alloc(0), lost: true };
    const gw = await startTestGateway({
      idempotency: {
        begin: () => ({ kind: 'replay', response: lost }),
        complete: () => true,
        abandon: () => undefined,
      },
    });
    try {
      const key = await gw.keyring.add(userActor('bob'));
      const retry = await gw.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': 'k',
        },
        payload: '{}',
      });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.message).toMatch(/already ran \(the service answered 201\)/);
      expect(gw.seen.filter((s) => s.method === 'POST')).toEqual([]);
    } finally {
      await gw.close();
    }
  });
});
