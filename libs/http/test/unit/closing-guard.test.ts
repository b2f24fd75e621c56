import { describe, expect, it } from 'vitest';
import { errorShapeForPath } from '@momentum/contracts';
import { closingGuardPlugin } from '../../src/closing-guard.js';
import { errorHandlerPlugin } from '../../src/error-handler.js';
import { createServer } from '../../src/server.js';

describe('closingGuardPlugin', () => {
  it('answers requests that arrive while closing with 503 in the path’s shape', async () => {
    const app = createServer({ logger: false, shapeFor: errorShapeForPath });
    await app.register(errorHandlerPlugin, { shapeFor: errorShapeForPath });
    await app.register(closingGuardPlugin);
    app.get('/api/tasks', async () => ({ data: [] }));
    app.get('/api/agents', async () => ({ data: [] }));
    let url = '';
    const seen: Array<{ status: number; retryAfter: string | null; body: unknown }> = [];
    // preClose hooks run before the server stops listening: a request then is "while closing".
    app.addHook('preClose', async () => {
      for (const path of ['/api/tasks', '/api/agents']) {
        const res = await fetch(`${url}${path}`);
        seen.push({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: await res.json(),
        });
      }
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${url}/api/tasks`)).status).toBe(200);
    await app.close();
    expect(seen).toEqual([
      {
        status: 503,
        retryAfter: '1',
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } },
      },
      { status: 503, retryAfter: '1', body: { statusCode: 503, message: expect.any(String) } },
    ]);
  });
});
