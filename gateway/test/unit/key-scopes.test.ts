import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@momentum/contracts';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';
import { canonicalPath, requiredScope, SCOPE_TABLE } from '../../src/auth/required-scope.js';
import { PATH_FAMILIES } from '../../src/routing/proxies.js';

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

describe('the scope table', () => {
  it('names a resource for every path family, and every resource is in the catalogue', () => {
    for (const { prefix } of PATH_FAMILIES)
      expect(
        SCOPE_TABLE.some((r) => r.prefix === prefix),
        prefix,
      ).toBe(true);
    for (const { prefix, resource } of SCOPE_TABLE) {
      if (!resource) continue;
      for (const method of ['GET', 'POST']) {
        const scope = requiredScope(method, `${prefix}/x`, 'issues');
        expect(SCOPES, `${method} ${prefix}`).toContain(scope);
      }
    }
  });

  it('reads on GET, writes on any other method; /api/tasks by the service it reaches', () => {
    expect(requiredScope('GET', '/api/projects/1')).toBe('projects:read');
    expect(requiredScope('DELETE', '/api/projects/1')).toBe('projects:write');
    expect(requiredScope('GET', '/api/tasks', 'habits')).toBe('tasks:read');
    expect(requiredScope('POST', '/api/tasks/1/comments', 'issues')).toBe('issues:write');
    expect(requiredScope('PATCH', '/api/profile')).toBe('profile:write');
    expect(requiredScope('POST', '/api/users/me/api-keys')).toBe('keys:write');
    expect(requiredScope('POST', '/api/users')).toBe('users:write');
    // Fail closed: no users:read in the catalogue, so a read there needs the write scope.
    expect(requiredScope('GET', '/api/users')).toBe('users:write');
    expect(requiredScope('GET', '/api/me')).toBeNull();
    expect(requiredScope('POST', '/mcp')).toBeNull();
    // Prefixes match whole segments.
    expect(requiredScope('GET', '/api/mess')).toBeNull();
  });

  it('reads paths canonically', () => {
    expect(canonicalPath('/api/%70rojects/')).toBe('/api/projects');
    expect(canonicalPath('/api/./me/../tasks//x')).toBe('/api/tasks/x');
    expect(canonicalPath('/../../api')).toBe('/api');
    expect(canonicalPath('/api/a%2Fb')).toBeNull();
    expect(canonicalPath('/api/%E0%A4%A')).toBeNull();
  });
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

  it('judges the path as a service reads it: encoded, doubled and dot segments do not slip by', async () => {
    const before = gw.seen.length;
    for (const url of [
      '/api/%70rojects',
      '/api//projects',
      '/api/me/../projects',
      '/api/me/%2e%2e/projects',
      '/api/tasks/../projects',
    ]) {
      const res = await call(readOnly, 'POST', url, { name: 'p' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.details, url).toEqual({ requiredScope: 'projects:write' });
    }
    for (const url of ['/api/users/me/%61pi-keys', '/api/users/me//api-keys']) {
      const res = await call(readOnly, 'POST', url, {});
      expect(res.json().error.details, url).toEqual({ requiredScope: 'keys:write' });
    }
    // A segment hiding a slash is refused rather than guessed at.
    expect((await call(readOnly, 'POST', '/api/me/..%2Fprojects', {})).statusCode).toBe(400);
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
