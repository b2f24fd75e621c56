import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayConfigSchema } from '../../src/config.js';
import { originMatcher } from '../../src/cors/origins.js';
import { mcpExtension } from '../../src/mcp/extension.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

let gw: TestGateway;
let closed: TestGateway;
let key: string;

beforeAll(async () => {
  [gw, closed] = await Promise.all([
    startTestGateway({
      env: {
        CORS_ORIGINS: 'http://localhost:*, https://app.example.com',
        RATE_LIMIT_MAX: '100',
      },
      extensions: [mcpExtension],
    }),
    // The default: no origin allowed.
    startTestGateway(),
  ]);
  key = await gw.keyring.add(userActor('u1'));
});
afterAll(() => Promise.all([gw.close(), closed.close()]));

const preflight = (app: TestGateway['app'], origin: string, url = '/api/tasks') =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  });

describe('CORS', () => {
  it('lets a browser resume the live stream and keep an MCP session', async () => {
    const res = await gw.app.inject({
      method: 'OPTIONS',
      url: '/api/events',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, last-event-id, mcp-session-id',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const allowed = String(res.headers['access-control-allow-headers']).split(/, ?/);
    expect(allowed).toEqual(expect.arrayContaining(['last-event-id', 'mcp-session-id']));
    const read = await gw.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { origin: 'http://localhost:5173', authorization: `Bearer ${key}` },
      payload: {},
    });
    expect(String(read.headers['access-control-expose-headers']).split(', ')).toContain(
      'mcp-session-id',
    );
  });

  it('answers a preflight from an allowed origin before authentication', async () => {
    for (const [origin, url] of [
      ['http://localhost:5173', '/api/tasks'],
      ['http://localhost:3000', '/api/projects/p1'],
      ['https://app.example.com', '/mcp'],
      ['https://app.example.com', '/api/agents/a1'],
    ]) {
      const res = await preflight(gw.app, origin!, url);
      expect(res.statusCode, `${origin} ${url}`).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PATCH, DELETE');
      expect(res.headers['access-control-allow-headers']).toContain('authorization');
      expect(res.headers['access-control-allow-headers']).toContain('idempotency-key');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toContain('Origin');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    }
    // Answered at the gateway: nothing reached a service.
    expect(gw.seen.filter((s) => s.method === 'OPTIONS')).toEqual([]);
  });

  it('answers a preflight from any other origin without Access-Control-Allow-Origin', async () => {
    for (const [app, origin] of [
      [gw.app, 'https://evil.example'],
      [gw.app, 'http://localhost.evil.example:3000'],
      [gw.app, 'https://app.example.com:8443'],
      [gw.app, 'http://app.example.com'],
      [closed.app, 'http://localhost:5173'],
    ] as const) {
      const res = await preflight(app, origin);
      expect(res.statusCode, origin).toBe(204);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('lets an allowed origin read answers and the headers a client acts on, errors included', async () => {
    const ok = await gw.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { origin: 'http://127.0.0.1:5173', authorization: `Bearer ${key}` },
    });
    expect(ok.statusCode).toBe(200);
    // 127.0.0.1 is not in this gateway's list: readable only by the origins configured.
    expect(ok.headers['access-control-allow-origin']).toBeUndefined();
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { origin: 'http://localhost:5173', authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const exposed = String(res.headers['access-control-expose-headers']).split(', ');
    expect(exposed).toEqual(
      expect.arrayContaining([
        'retry-after',
        'idempotent-replayed',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'x-request-id',
        'www-authenticate',
      ]),
    );
    const refused = await gw.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="momentum"');
  });

  it('adds nothing to a request without an Origin; a plain OPTIONS is routed like any method', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
    const options = await gw.app.inject({
      method: 'OPTIONS',
      url: '/api/tasks',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe('GET, HEAD, POST');
    expect((await gw.app.inject({ method: 'OPTIONS', url: '/api/tasks' })).statusCode).toBe(401);
  });
});

describe('CORS_ORIGINS', () => {
  const base = { INTERNAL_SECRET: 'x'.repeat(32) };

  it('allows no origin by default and takes a comma-separated list', () => {
    expect(GatewayConfigSchema.parse(base).CORS_ORIGINS).toEqual([]);
    expect(
      GatewayConfigSchema.parse({ ...base, CORS_ORIGINS: ' http://localhost:*, ,https://a.b ' })
        .CORS_ORIGINS,
    ).toEqual(['http://localhost:*', 'https://a.b']);
  });

  it('refuses at startup what is not an origin, naming it', () => {
    for (const bad of [
      'localhost:3000',
      'https://app.example.com/',
      'https://app.example.com/path',
      'ftp://files.example.com',
      'https://*.example.com',
      'http://localhost:99999999',
      'null',
    ]) {
      const result = GatewayConfigSchema.safeParse({ ...base, CORS_ORIGINS: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['CORS_ORIGINS'],
        message: expect.stringContaining(bad),
      });
    }
  });

  it('matches exact origins, any port of a host, or anything', () => {
    expect(originMatcher('*')).toBe('*');
    expect(originMatcher('HTTPS://App.Example.com')).toBe('https://app.example.com');
    expect(originMatcher('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    const anyPort = originMatcher('http://localhost:*') as RegExp;
    expect(anyPort.test('http://localhost:5173')).toBe(true);
    expect(anyPort.test('http://localhost')).toBe(true);
    expect(anyPort.test('http://localhost.evil.example')).toBe(false);
    expect(anyPort.test('https://localhost:5173')).toBe(false);
    expect(anyPort.test('http://localhost:5173.evil.example')).toBe(false);
  });
});
