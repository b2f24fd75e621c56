import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

const ISSUE = '7b0c6c2e-1f7a-4f58-9a38-2b3c8e9d0a11';
let gw: TestGateway;
let readOnly: string;
let full: string;

beforeAll(async () => {
  gw = await startTestGateway();
  readOnly = await gw.keyring.add({
    ...userActor('reader'),
    scopes: ['tasks:read', 'projects:read'],
  });
  full = await gw.keyring.add(userActor('reader'));
});
afterAll(() => gw.close());

/** A POST with the request target exactly as given (no client resolves or encodes it). */
function rawPost(origin: string, target: string, key: string, body: object) {
  const { hostname, port } = new URL(origin);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(
        `POST ${target} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
          `Connection: close\r\n\r\n${payload}`,
      ),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

const call = (key: string, method: string, url: string, body?: object, headers = {}) =>
  gw.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

describe('a key limited to some scopes', () => {
  it('reads what its scopes allow', async () => {
    const tasks = await call(readOnly, 'GET', '/api/tasks');
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().data.service).toBe('habits');
    expect((await call(readOnly, 'GET', '/api/projects')).statusCode).toBe(200);
    // Who am I and what may I do: every key may ask.
    expect((await call(readOnly, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('is refused a write with 403 FORBIDDEN naming the required scope, before any service', async () => {
    const before = gw.seen.length;
    const cases: Array<[string, string, object | undefined, string]> = [
      ['POST', '/api/tasks', { title: 'x', type: 'todo' }, 'tasks:write'],
      ['POST', '/api/tasks', { title: 'x', projectId: ISSUE }, 'issues:write'],
      ['GET', `/api/tasks?projectId=${ISSUE}`, undefined, 'issues:read'],
      ['GET', '/api/tasks/search?q=x', undefined, 'issues:read'],
      ['POST', '/api/projects', { name: 'p' }, 'projects:write'],
      ['GET', '/api/webhooks', undefined, 'webhooks:read'],
      ['GET', '/api/users/me/api-keys', undefined, 'keys:read'],
      ['POST', '/api/users/me/api-keys', {}, 'keys:write'],
      ['DELETE', `/api/users/me/api-keys/${ISSUE}`, undefined, 'keys:write'],
      ['GET', '/api/profile', undefined, 'profile:read'],
      ['GET', '/api/teams', undefined, 'teams:read'],
      ['PATCH', '/api/users/me', { name: 'x' }, 'profile:write'],
      ['GET', '/api/users', undefined, 'users:write'],
      ['POST', `/api/users/${ISSUE}/deactivate`, undefined, 'users:write'],
    ];
    for (const [method, url, body, requiredScope] of cases) {
      const res = await call(readOnly, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: expect.stringContaining(requiredScope),
          details: { requiredScope },
        },
      });
    }
    expect(gw.seen.length).toBe(before);
  });

  it('judges the row the request is routed by: an encoded letter is the same path', async () => {
    const before = gw.seen.length;
    const res = await call(readOnly, 'POST', '/api/%70rojects', { name: 'p' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({ requiredScope: 'projects:write' });
    const keys = await call(readOnly, 'POST', '/api/users/me/%61pi-keys', {});
    expect(keys.statusCode).toBe(403);
    expect(keys.json().error.details).toEqual({ requiredScope: 'keys:write' });
    expect(gw.seen.length).toBe(before);
  });

  it('refuses a path in any but canonical form with 400, before any service', async () => {
    // Over a socket: inject would resolve the dot segments before the gateway saw them.
    const origin = await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const before = gw.seen.length;
    for (const url of [
      '/api//projects',
      '/api/me/../projects',
      '/api/me/%2e%2e/projects',
      '/api/me/%2E%2E/projects',
      '/api/me/./projects',
      '/api/tasks/../projects',
      '/api/users/me//api-keys',
      '/api/me/..%2Fprojects',
      '/api/me%2F..%2Fprojects',
      '/api/me/%5C..%5Cprojects',
      '/api/me/%00',
      '/api/%E0%A4%A',
      '/api/me#/../projects',
      '/api/me\\..\\projects',
    ]) {
      for (const key of [readOnly, full]) {
        const res = await rawPost(origin, url, key, { name: 'p' });
        expect(res.status, url).toBe(400);
        expect(JSON.parse(res.body).error.code, url).toBe('BAD_REQUEST');
      }
    }
    expect(gw.seen.length).toBe(before);
  });

  it('decides /api/tasks/:id by the service that owns the id', async () => {
    // The fake services both claim the id; issues wins, as in id-owner.ts.
    const res = await call(readOnly, 'GET', `/api/tasks/${ISSUE}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({ requiredScope: 'issues:read' });
  });

  it('is refused in shape B on /api/agents, the message naming the scope', async () => {
    for (const [method, url, scope] of [
      ['GET', '/api/agents', 'agents:read'],
      ['POST', `/api/agents/${ISSUE}/api-key`, 'agents:write'],
      ['POST', `/api/agents/${ISSUE}/regen-key`, 'agents:write'],
    ] as const) {
      const res = await call(readOnly, method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        statusCode: 403,
        message: expect.stringContaining(scope),
      });
    }
  });

  it('does not leave its refusal as the answer to an Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'scoped-retry-1' };
    const body = { title: 'once', type: 'todo' };
    expect((await call(readOnly, 'POST', '/api/tasks', body, headers)).statusCode).toBe(403);
    const retried = await call(full, 'POST', '/api/tasks', body, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a key without scopes keeps doing everything', async () => {
    expect((await call(full, 'POST', '/api/projects', { name: 'p' })).statusCode).toBe(201);
    expect((await call(full, 'GET', '/api/agents')).statusCode).toBe(200);
  });
});

describe('a key with an expiry', () => {
  it('works until it expires, then is 401 invalid_token saying it expired', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const key = await gw.keyring.add({ ...userActor('brief'), keyExpiresAt: soon });
    expect((await call(key, 'GET', '/api/me')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    // The verdict is still cached: the expiry is checked on every request all the same.
    const res = await call(key, 'GET', '/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    expect(res.headers['www-authenticate']).toMatch(/error_description="the API key expired/);
    expect(res.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/expired/) },
    });
    const agents = await call(key, 'GET', '/api/agents');
    expect(agents.statusCode).toBe(401);
    expect(agents.json()).toEqual({ statusCode: 401, message: expect.stringMatching(/expired/) });
  });

  it('is refused at once when it expired before its first use', async () => {
    const key = await gw.keyring.add({
      ...userActor('late'),
      keyExpiresAt: '2020-01-01T00:00:00.000Z',
    });
    const res = await call(key, 'GET', '/api/tasks');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/invalid_token.*expired/);
  });
});
