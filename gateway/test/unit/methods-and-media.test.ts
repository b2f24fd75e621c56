import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpExtension } from '../../src/mcp/extension.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

let gw: TestGateway;
let auth: Record<string, string>;

beforeAll(async () => {
  gw = await startTestGateway({ extensions: [mcpExtension] });
  auth = { authorization: `Bearer ${await gw.keyring.add(userActor('u1'))}` };
});
afterAll(() => gw.close());

const ID = '0b7df52a-0000-4000-8000-000000000001';

describe('methods', () => {
  it('a known path asked with another method is 405 with Allow, in the path’s shape', async () => {
    for (const [method, url, allow] of [
      ['PUT', '/api/tasks', 'GET, HEAD, POST'],
      ['DELETE', '/api/tasks?type=habit', 'GET, HEAD, POST'],
      ['PUT', `/api/tasks/${ID}`, 'GET, HEAD, PATCH, DELETE'],
      ['POST', `/api/tasks/${ID}`, 'GET, HEAD, PATCH, DELETE'],
      ['GET', '/mcp', 'POST'],
      ['DELETE', '/mcp', 'POST'],
      ['POST', '/health', 'GET, HEAD'],
    ] as const) {
      const res = await gw.app.inject({ method, url, headers: auth });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(allow) },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const b = await gw.app.inject({ method: 'PUT', url: '/api/agents/a1/api-key', headers: auth });
    // Not a route of the gateway's own: the agents family forwards it, and its service answers.
    expect(b.statusCode).toBe(200);
    expect(gw.seen.at(-1)).toMatchObject({ service: 'agents', method: 'PUT' });
  });

  it('unknown paths stay 404 with a key, whatever the method, and 401 without one', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      for (const url of ['/api/nothing-here', '/nothing', '/api']) {
        const res = await gw.app.inject({ method, url, headers: auth });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers.allow).toBeUndefined();
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      }
    }
    const noKey = await gw.app.inject({ method: 'PUT', url: '/api/tasks' });
    expect(noKey.statusCode).toBe(401);
  });
});

describe('request bodies', () => {
  const post = (url: string, contentType: string | undefined, payload = '{"title":"x"}') =>
    gw.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
      payload,
    });

  it('a body that is not JSON is 415 on the routes the gateway reads, text/plain included', async () => {
    const before = gw.seen.length;
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'text/csv', undefined]) {
      for (const url of ['/api/tasks', `/api/tasks/${ID}/complete`, '/mcp']) {
        const res = await post(url, contentType);
        expect(res.statusCode, `${contentType} ${url}`).toBe(415);
        expect(res.json()).toEqual({
          error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
        });
      }
      const b = await post('/api/agents/a1/api-key', contentType);
      expect(b.statusCode).toBe(415);
      expect(b.json()).toEqual({ statusCode: 415, message: expect.any(String) });
    }
    expect(gw.seen.length).toBe(before);
  });

  it('JSON still goes through, and a path family streams its body to the service that judges it', async () => {
    const ok = await post('/api/tasks', 'application/json');
    expect(ok.statusCode).toBe(201);
    expect(gw.seen.at(-1)).toMatchObject({ service: 'habits', body: '{"title":"x"}' });
    const streamed = await post('/api/projects', 'text/plain');
    expect(streamed.statusCode).toBe(201);
    expect(gw.seen.at(-1)).toMatchObject({ service: 'projects', body: '{"title":"x"}' });
  });
});
