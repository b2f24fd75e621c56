import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@momentum/mcp-tools';
import { INITIALIZE_REQUEST as initialize } from '@momentum/mcp-tools/testing';
import { keyRefusal, opensSession } from '../../src/key-check.js';

const answering = (status: number, body: unknown): ApiClient => ({
  request: async () => ({ status, body }),
});

describe('the key check when a client connects', () => {
  it('runs for an initialize request, alone or in a batch, and for nothing else', () => {
    expect(opensSession(initialize)).toBe(true);
    expect(
      opensSession([{ jsonrpc: '2.0', method: 'notifications/initialized' }, initialize]),
    ).toBe(true);
    expect(opensSession({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).toBe(false);
    expect(opensSession(undefined)).toBe(false);
  });

  it("passes the gateway's 401 and 403 on, lets a good key through and reports an unreachable gateway", async () => {
    const refusal = {
      error: { code: 'UNAUTHORIZED', message: 'Invalid, revoked or inactive API key' },
    };
    expect(await keyRefusal(answering(401, refusal))).toEqual({ status: 401, body: refusal });
    expect(
      await keyRefusal(answering(403, { error: { code: 'FORBIDDEN', message: 'no' } })),
    ).toMatchObject({ status: 403 });
    expect(await keyRefusal(answering(200, { data: { type: 'user' } }))).toBeNull();
    const down: ApiClient = { request: () => Promise.reject(new TypeError('fetch failed')) };
    expect(await keyRefusal(down)).toEqual({
      status: 503,
      body: {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The Momentum API could not be reached: fetch failed',
        },
      },
    });
  });
});
