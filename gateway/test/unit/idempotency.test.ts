import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActor, startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/** A Standard Webhooks secret's key part: base64 of 32 bytes, `+` and `/` included. */
const SIGNING_KEY = Buffer.alloc(32, 0xfb).toString('base64');

let gw: TestGateway;
let alice: string;
let bob: string;
let agent: string;

beforeAll(async () => {
  gw = await startTestGateway({
    handler: (request, reply) => {
      if (request.url.startsWith('/api/projects/fail'))
        return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } });
      if (request.url.endsWith('/api-key'))
        return reply.status(201).send({ data: { apiKey: `svc_a1_${'k'.repeat(43)}` } });
      if (request.url === '/api/webhooks' || request.url.endsWith('/rotate-secret'))
        return reply.status(request.url === '/api/webhooks' ? 201 : 200).send({
          data: { id: 'w1', url: 'https://example.com/hook', secret: `whsec_${SIGNING_KEY}` },
        });
      if (request.url.startsWith('/api/tasks/slow'))
        return new Promise((r) =>
          setTimeout(() => r(reply.status(201).send({ data: 'slow' })), 150),
        );
      return undefined;
    },
  });
  [alice, bob, agent] = await Promise.all([
    gw.keyring.add(userActor('alice')),
    gw.keyring.add(userActor('bob')),
    gw.keyring.add(agentActor('agent-1', 'alice')),
  ]);
});
afterAll(() => gw.close());

const post = (url: string, key: string, body: unknown, idem?: string) =>
  gw.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(idem ? { 'idempotency-key': idem } : {}),
    },
    payload: JSON.stringify(body),
  });
const upstreamCalls = (url: string) =>
  gw.seen.filter((s) => s.method === 'POST' && s.url === url).length;

describe('Idempotency-Key on POST', () => {
  it('the same key and body replays the first response without reaching the service again', async () => {
    const first = await post('/api/projects', alice, { name: 'P' }, 'key-1');
    expect(first.statusCode).toBe(201);
    const again = await post('/api/projects', alice, { name: 'P' }, 'key-1');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(upstreamCalls('/api/projects')).toBe(1);
    // The body read for the fingerprint still reaches the service, byte for byte.
    expect(gw.seen.find((s) => s.url === '/api/projects')!.body).toBe('{"name":"P"}');
  });

  it('works on the shared /api/tasks family, whose bodies the gateway parses', async () => {
    const first = await post('/api/tasks', alice, { type: 'todo', title: 't' }, 'key-t');
    const again = await post('/api/tasks', alice, { type: 'todo', title: 't' }, 'key-t');
    expect(again.body).toBe(first.body);
    expect(upstreamCalls('/api/tasks')).toBe(1);
    expect(gw.seen.find((s) => s.url === '/api/tasks')!.body).toBe('{"type":"todo","title":"t"}');
  });

  it('the same key with another body is 422 in shape A, and in shape B on /api/agents', async () => {
    await post('/api/projects', alice, { name: 'A' }, 'key-2');
    const res = await post('/api/projects', alice, { name: 'B' }, 'key-2');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'Idempotency-Key', rule: 'reused_with_different_request' },
      },
    });
    await post('/api/agents', alice, { name: 'A' }, 'key-3');
    const b = await post('/api/agents', alice, { name: 'B' }, 'key-3');
    expect(b.statusCode).toBe(422);
    expect(b.json()).toEqual({ statusCode: 422, message: expect.any(String) });
  });

  it('the same key on another path is another request (422)', async () => {
    await post('/api/projects', alice, { name: 'X' }, 'key-4');
    expect((await post('/api/teams', alice, { name: 'X' }, 'key-4')).statusCode).toBe(422);
  });

  it('keys are per caller: another user or an agent of the same owner with the same key runs anew', async () => {
    await post('/api/projects', alice, { name: 'same' }, 'key-5');
    const other = await post('/api/projects', bob, { name: 'same' }, 'key-5');
    const byAgent = await post('/api/projects', agent, { name: 'same' }, 'key-5');
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(byAgent.headers['idempotent-replayed']).toBeUndefined();
  });

  it('without the header nothing is remembered', async () => {
    const before = upstreamCalls('/api/teams');
    await post('/api/teams', alice, { name: 'T' });
    await post('/api/teams', alice, { name: 'T' });
    expect(upstreamCalls('/api/teams') - before).toBe(2);
  });

  it('a 5xx is not remembered: the retry reaches the service', async () => {
    expect((await post('/api/projects/fail', alice, {}, 'key-6')).statusCode).toBe(503);
    expect((await post('/api/projects/fail', alice, {}, 'key-6')).statusCode).toBe(503);
    expect(upstreamCalls('/api/projects/fail')).toBe(2);
  });

  it('a retry while the first is still running is 409 CONFLICT with Retry-After', async () => {
    const [a, b] = await Promise.all([
      post('/api/tasks/slow/complete', alice, {}, 'key-7'),
      new Promise((r) => setTimeout(r, 30)).then(() =>
        post('/api/tasks/slow/complete', alice, {}, 'key-7'),
      ),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(409);
    expect(b.json().error.code).toBe('CONFLICT');
    expect(b.headers['retry-after']).toBe('1');
    expect((await post('/api/tasks/slow/complete', alice, {}, 'key-7')).body).toBe(a.body);
  });

  it('a malformed key is 400', async () => {
    for (const idem of ['has space', 'x'.repeat(256), 'ключ']) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: {
          authorization: `Bearer ${alice}`,
          'content-type': 'application/json',
          'idempotency-key': idem,
        },
        payload: '{}',
      });
      expect(res.statusCode, idem).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });

  it('an unauthenticated request is refused before any key is remembered', async () => {
    const res = await post('/api/projects', 'svc_u1_wrongwrongwrongwrong', { name: 'P' }, 'key-1');
    expect(res.statusCode).toBe(401);
  });

  it('a response holding a raw key is not remembered: the retry is 409 and shows no key (shown once)', async () => {
    const first = await post('/api/agents/a1/api-key', alice, {}, 'key-8');
    expect(first.statusCode).toBe(201);
    expect(first.body).toContain('svc_a1_');
    const again = await post('/api/agents/a1/api-key', alice, {}, 'key-8');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, message: expect.any(String) });
    expect(again.body).not.toContain('svc_');
    expect(upstreamCalls('/api/agents/a1/api-key')).toBe(1);
  });

  it('a reply holding a webhook signing secret is not remembered: the retry is 409 and shows no secret', async () => {
    for (const url of ['/api/webhooks', '/api/webhooks/w1/rotate-secret']) {
      const first = await post(url, alice, { url: 'https://example.com/hook' }, `key-s-${url}`);
      expect(first.statusCode).toBeLessThan(300);
      expect(first.body).toContain(`whsec_${SIGNING_KEY}`);
      const again = await post(url, alice, { url: 'https://example.com/hook' }, `key-s-${url}`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CONFLICT', message: expect.stringContaining('shown only once') },
      });
      expect(again.body).not.toContain('whsec_');
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(upstreamCalls(url)).toBe(1);
    }
  });
});
