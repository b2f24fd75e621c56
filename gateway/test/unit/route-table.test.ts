import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@momentum/contracts';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';
import {
  requiredScopes,
  ROUTE_TABLE,
  rowFor,
  serviceRows,
  servicesOf,
  type RouteRow,
} from '../../src/routing/route-table.js';
import { isCanonicalPath } from '../../src/routing/route-table-plugin.js';
import { upstreamUrls, type GatewayConfig } from '../../src/config.js';
import { TAGS } from '../../src/docs/gateway-paths.js';
import { tablePaths } from '../../src/docs/document.js';

const row = (path: string) => rowFor(path)?.prefix ?? null;

describe('the route table', () => {
  it('finds the longest prefix that covers a path by whole segments, whatever the row order', () => {
    expect(row('/api/users/me/api-keys')).toBe('/api/users/me/api-keys');
    expect(row('/api/users/me/api-keys/:keyId')).toBe('/api/users/me/api-keys');
    expect(row('/api/users/me')).toBe('/api/users/me');
    expect(row('/api/users/:id/deactivate')).toBe('/api/users');
    expect(row('/api/users')).toBe('/api/users');
    expect(row('/api/tasks/{issueId}/comments')).toBe('/api/tasks');
    expect(row('/api/tasks/:id/*')).toBe('/api/tasks');
    expect(row('/docs/js/scalar.js')).toBe('/docs');
    expect(row('/api/mess')).toBeNull();
    expect(row('/api/tasksx')).toBeNull();
    expect(row('/api')).toBeNull();
    expect(row('/internal/users/1')).toBeNull();
    expect(rowFor('/api/me/x', [...ROUTE_TABLE].reverse())?.prefix).toBe('/api/me');
  });

  it('has one row per prefix, each with a documented tag', () => {
    const prefixes = ROUTE_TABLE.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const tags = TAGS.map((t) => t.name);
    for (const r of ROUTE_TABLE) expect(tags, r.prefix).toContain(r.tag);
  });

  it('routes to every service the gateway knows, and to nothing else', () => {
    const services = Object.keys(upstreamUrls({} as GatewayConfig));
    const routed = new Set(ROUTE_TABLE.flatMap((r) => servicesOf(r)));
    expect([...routed].sort()).toEqual([...services].sort());
  });

  it('forwards the rows of one service as they come, and none of the gateway’s or /api/tasks', () => {
    const forwarded = serviceRows().map(({ row, upstream }) => `${row.prefix} ${upstream}`);
    expect(forwarded).toEqual([
      '/api/me identity',
      '/api/users identity',
      '/api/users/me/api-keys identity',
      '/api/users/me identity',
      '/api/users/me/authorizations identity',
      '/api/teams identity',
      '/api/users/me/invitations identity',
      '/api/invitations identity',
      '/api/profile habits',
      '/api/projects projects',
      '/api/agents agents',
      '/api/webhooks webhooks',
      '/api/notifications notifications',
    ]);
  });

  it('needs the read scope on GET and HEAD, the write scope otherwise, from the catalogue', () => {
    const scopes = (path: string, method: string, upstream?: 'habits' | 'issues') =>
      requiredScopes(rowFor(path)!, method, upstream);
    expect(scopes('/api/projects/1', 'GET')).toEqual(['projects:read']);
    expect(scopes('/api/projects/1', 'HEAD')).toEqual(['projects:read']);
    expect(scopes('/api/projects/1', 'DELETE')).toEqual(['projects:write']);
    expect(scopes('/api/profile', 'PATCH')).toEqual(['profile:write']);
    expect(scopes('/api/users/me/api-keys', 'POST')).toEqual(['keys:write']);
    expect(scopes('/api/users/me/api-keys/1', 'delete')).toEqual(['keys:write']);
    expect(scopes('/api/users/me/authorizations', 'GET')).toEqual(['keys:read']);
    expect(scopes('/api/users/me/authorizations/1', 'DELETE')).toEqual(['keys:write']);
    // Invitations are membership: the teams scopes, not the admin's users scope.
    expect(scopes('/api/users/me/invitations', 'GET')).toEqual(['teams:read']);
    expect(scopes('/api/invitations/1/accept', 'POST')).toEqual(['teams:write']);
    // Fail closed: no users:read in the catalogue, so a read there needs the write scope.
    expect(scopes('/api/users', 'GET')).toEqual(['users:write']);
    // Any valid key: who am I, and the MCP endpoint (its tools come back one by one).
    expect(scopes('/api/me', 'GET')).toEqual([]);
    expect(scopes('/mcp', 'POST')).toEqual([]);
  });

  it('needs the scope of the service /api/tasks reaches, and both while that is unknown', () => {
    const tasks = rowFor('/api/tasks')!;
    expect(requiredScopes(tasks, 'GET', 'habits')).toEqual(['tasks:read']);
    expect(requiredScopes(tasks, 'POST', 'issues')).toEqual(['issues:write']);
    expect(requiredScopes(tasks, 'POST')).toEqual(['tasks:write', 'issues:write']);
    // A service the row does not name cannot pick a lighter scope.
    expect(requiredScopes(tasks, 'GET', 'projects')).toEqual(['tasks:read', 'issues:read']);
  });

  it('names only scopes of the catalogue, for every row and method', () => {
    for (const r of ROUTE_TABLE)
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'])
        for (const upstream of [undefined, ...servicesOf(r)])
          for (const scope of requiredScopes(r, method, upstream))
            expect(SCOPES, `${method} ${r.prefix}`).toContain(scope);
  });

  it('takes a new path family as one more row', () => {
    const table: RouteRow[] = [
      ...ROUTE_TABLE,
      { prefix: '/api/reports', upstream: 'projects', resource: 'projects', tag: 'projects' },
    ];
    expect(rowFor('/api/reports/1', table)?.upstream).toBe('projects');
    expect(serviceRows(table).at(-1)?.row.prefix).toBe('/api/reports');
  });
});

describe('canonical paths', () => {
  it('lets the usual forms through, an encoded letter and a trailing slash included', () => {
    for (const path of [
      '/api/projects',
      '/api/projects/',
      '/api/%70rojects',
      '/api/tasks?q=a//b/../c#x',
      '/api/tasks/search?q=%2e%2e',
      '/api/projects/a.b',
      '/api/projects/..x',
      '/health',
    ])
      expect(isCanonicalPath(path), path).toBe(true);
  });

  it('refuses dot and empty segments, encoded or not, encoded slashes, backslashes, fragments', () => {
    for (const path of [
      '//api/projects',
      '/api//projects',
      '/api/me/../projects',
      '/api/me/./projects',
      '/api/me/..',
      '/api/me/%2e%2e/projects',
      '/api/me/%2E%2e/projects',
      '/api/me/.%2e/projects',
      '/api/me/%2e/projects',
      '/api/me/..%2Fprojects',
      '/api/me/..%2fprojects',
      '/api/me%5C..%5Cprojects',
      '/api/me\\..\\projects',
      '/api/me#/../projects',
      '/api/me/%00',
      '/api/%E0%A4%A',
    ])
      expect(isCanonicalPath(path), path).toBe(false);
  });
});

describe('the documented paths', () => {
  it('are the gateway’s own and the services’ the gateway routes to them, tagged by their row', () => {
    const op = (service?: string, tags?: string[]) => ({
      summary: 's',
      ...(service ? { 'x-service': service } : {}),
      ...(tags ? { tags } : {}),
    });
    const paths = tablePaths(
      { '/health': { get: op() }, '/mcp': { post: op() } },
      {
        '/api/projects': { get: op('projects', ['projects']), parameters: [] as never },
        '/api/projects/{id}/x': { get: op('projects') },
        '/api/teams': { get: op('projects') },
        '/internal/users/{id}': { get: op('identity') },
        '/api/tasks': { get: op(['habits', 'issues'] as never, ['tasks', 'issues']) },
      },
    );
    expect(Object.keys(paths)).toEqual([
      '/health',
      '/mcp',
      '/api/projects',
      '/api/projects/{id}/x',
      '/api/tasks',
    ]);
    expect(paths['/health']!.get).toMatchObject({ tags: ['platform'], security: [] });
    expect(paths['/mcp']!.post).toMatchObject({ tags: ['mcp'] });
    expect(paths['/mcp']!.post!.security).toBeUndefined();
    expect(paths['/api/projects/{id}/x']!.get!.tags).toEqual(['projects']);
    expect(paths['/api/tasks']!.get!.tags).toEqual(['tasks', 'issues']);
  });
});

describe('the gateway serves the table and nothing else', () => {
  let gw: TestGateway;
  let scoped: string;
  let full: string;
  beforeAll(async () => {
    gw = await startTestGateway({
      extensions: [
        // A route that claims to be public on a row that is not: the row decides.
        (app) => void app.get('/api/me/claims-public', { config: { public: true } }, () => 'x'),
      ],
    });
    scoped = await gw.keyring.add({ ...userActor('scoped'), scopes: ['tasks:read'] });
    full = await gw.keyring.add(userActor('full'));
  });
  afterAll(() => gw.close());

  const get = (url: string, key?: string) =>
    gw.app.inject({
      method: 'GET',
      url,
      ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}),
    });

  it('will not start with a route that no row covers', async () => {
    await expect(
      startTestGateway({ extensions: [(app) => void app.get('/api/elsewhere', () => 'x')] }),
    ).rejects.toThrow(/GET \/api\/elsewhere is in no row of the route table/);
  });

  it('takes "public" from the row alone', async () => {
    expect((await get('/health')).statusCode).toBe(200);
    const claimed = await get('/api/me/claims-public');
    expect(claimed.statusCode).toBe(401);
    expect((await get('/api/me/claims-public', full)).statusCode).toBe(200);
  });

  it('answers a path with no row 404 in the error shape, with or without scopes; 401 without a key', async () => {
    const before = gw.seen.length;
    for (const key of [full, scoped]) {
      for (const url of ['/api/unknown', '/api/mess/1', '/internal/users/1', '/api']) {
        const res = await get(url, key);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({
          error: { code: 'NOT_FOUND', message: expect.any(String) },
        });
      }
    }
    expect((await get('/api/unknown')).statusCode).toBe(401);
    expect(gw.seen.length).toBe(before);
  });
});
