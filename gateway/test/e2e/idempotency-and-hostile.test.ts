import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, type TestUser } from '../../../test/support/e2e.js';

/** Idempotency-Key and hostile input through the gateway in front of the real services. */
let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});

const withKey = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key through the stack', () => {
  it('a retried task create returns the first response and creates one task', async () => {
    const title = `idem ${randomUUID()}`;
    const body = { type: 'todo', title, difficulty: 'easy' };
    const key = randomUUID();
    const first = await api(user.apiKey, 'POST', '/api/tasks', body, withKey(key));
    expect(first.status).toBe(201);
    const again = await api(user.apiKey, 'POST', '/api/tasks', body, withKey(key));
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await api(user.apiKey, 'GET', '/api/tasks?type=todo&limit=100');
    expect(list.body.data.filter((t: { title: string }) => t.title === title)).toHaveLength(1);
  });

  it('the key reused with another body is 422 in shape A; on /api/agents in shape B', async () => {
    const key = randomUUID();
    await api(
      user.apiKey,
      'POST',
      '/api/tasks',
      { type: 'todo', title: 'a', difficulty: 'easy' },
      withKey(key),
    );
    const reused = await api(
      user.apiKey,
      'POST',
      '/api/tasks',
      { type: 'todo', title: 'b', difficulty: 'easy' },
      withKey(key),
    );
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'Idempotency-Key', rule: 'reused_with_different_request' },
      },
    });
    const agentKey = randomUUID();
    const agent = await api(
      user.apiKey,
      'POST',
      '/api/agents',
      { name: 'idem-bot' },
      withKey(agentKey),
    );
    expect(agent.status).toBe(201);
    const replay = await api(
      user.apiKey,
      'POST',
      '/api/agents',
      { name: 'idem-bot' },
      withKey(agentKey),
    );
    expect(replay.text).toBe(agent.text);
    const other = await api(
      user.apiKey,
      'POST',
      '/api/agents',
      { name: 'other-bot' },
      withKey(agentKey),
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ statusCode: 422, message: expect.any(String) });
  });
  it('a retried key mint mints nothing and never shows the key again', async () => {
    const agent = await api(user.apiKey, 'POST', '/api/agents', { name: 'minty' });
    const key = randomUUID();
    const path = `/api/agents/${agent.body.data.id}/api-key`;
    const first = await api(user.apiKey, 'POST', path, undefined, withKey(key));
    expect(first.status).toBe(201);
    expect(first.text).toMatch(/svc_/);
    const again = await api(user.apiKey, 'POST', path, undefined, withKey(key));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: 409, message: expect.any(String) });
    expect(again.text).not.toMatch(/svc_/);
  });
});

describe('hostile input through the stack is never a 5xx', () => {
  const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
  const bodies = [
    '0',
    'false',
    '""',
    'null',
    '"abc"',
    '[]',
    '{"__proto__":{"isAdmin":true}}',
    deep,
    '{"type":"todo","title":{"$gt":""},"difficulty":"easy"}',
    '{"name":"\\u0000\\ud800"}',
  ];

  it.each(['/api/tasks', '/api/projects', '/api/agents', '/api/teams'])('POST %s', async (path) => {
    for (const body of bodies) {
      const res = await api(user.apiKey, 'POST', path, body);
      expect(res.status, `${path} ${body.slice(0, 60)}`).toBeLessThan(500);
      // Whether a name with NUL or a lone surrogate is acceptable is each service's rule.
      if (res.status < 400) continue;
      if (path === '/api/agents')
        expect(res.body).toEqual({ statusCode: res.status, message: expect.any(String) });
      else
        expect(res.body).toEqual({
          error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        });
    }
  });

  it('query operators and bad encodings', async () => {
    for (const url of [
      '/api/tasks?status[$ne]=x',
      '/api/tasks?type[$gt]=',
      '/api/tasks?q=%',
      '/api/tasks?limit=1e9',
      '/api/projects?status[$ne]=x',
      '/api/agents?x=%E0%A4%A',
      '/api/tasks/%E0%A4%A',
      '/api/tasks/search?q=%00',
    ]) {
      const res = await api(user.apiKey, 'GET', url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
  });
});
