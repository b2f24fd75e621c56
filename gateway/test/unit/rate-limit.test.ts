import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@momentum/contracts';
import { rateLimitRefusals } from '@momentum/telemetry';
import { GatewayConfigSchema } from '../../src/config.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

const MAX = 3;
let gw: TestGateway;
let alice: string;
let bob: string;

beforeAll(async () => {
  gw = await startTestGateway({
    env: { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000' },
  });
  [alice, bob] = await Promise.all([
    gw.keyring.add(userActor('alice')),
    gw.keyring.add(userActor('bob')),
  ]);
});
afterAll(() => gw.close());

const call = (url: string, key?: string, ip = '10.0.0.1') =>
  gw.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });

describe('per-key rate limiting', () => {
  it('RATE_LIMITED is in the error catalogue as 429', () => {
    expect(ErrorCodes.RATE_LIMITED).toBe(429);
  });

  it('counts per key: the (MAX+1)th request in a window is 429 with Retry-After, in shape A', async () => {
    const refusals = async () => (await rateLimitRefusals.get()).values[0]?.value ?? 0;
    const refusedBefore = await refusals();
    for (let i = 0; i < MAX; i++) {
      const ok = await call('/api/me', alice);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe(String(MAX));
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(MAX - i - 1));
    }
    const limited = await call('/api/tasks', alice);
    expect(limited.statusCode).toBe(429);
    expect(await refusals()).toBe(refusedBefore + 1); // rate_limit_refusals_total
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.any(String) },
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
  });

  it('in shape B on /api/agents', async () => {
    const res = await call('/api/agents', alice);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ statusCode: 429, message: expect.any(String) });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('another key from the same address is not affected', async () => {
    expect((await call('/api/me', bob)).statusCode).toBe(200);
  });

  it('without a valid key the client address is the bucket, and failed attempts count', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < MAX; i++)
      expect((await call('/api/me', 'svc_u1_wrongwrongwrongwrong', ip)).statusCode).toBe(401);
    const res = await call('/api/me', undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    // A valid key from that address still works: it has its own bucket.
    expect((await call('/api/me', bob, ip)).statusCode).toBe(200);
  });

  it('/health is exempt', async () => {
    for (let i = 0; i < MAX + 2; i++)
      expect((await call('/health', undefined, '10.7.7.7')).statusCode).toBe(200);
  });

  it('RATE_LIMIT_MAX=0 turns it off', async () => {
    const off = await startTestGateway({ env: { RATE_LIMIT_MAX: '0' } });
    const key = await off.keyring.add(userActor('carol'));
    try {
      for (let i = 0; i < 10; i++) {
        const res = await off.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });

  it('config: defaults and bounds', () => {
    const base = { INTERNAL_SECRET: 'x'.repeat(32) };
    expect(GatewayConfigSchema.parse(base)).toMatchObject({
      RATE_LIMIT_MAX: 3000,
      RATE_LIMIT_WINDOW_MS: 60_000,
    });
    expect(GatewayConfigSchema.safeParse({ ...base, RATE_LIMIT_MAX: '-1' }).success).toBe(false);
    expect(GatewayConfigSchema.safeParse({ ...base, RATE_LIMIT_WINDOW_MS: '10' }).success).toBe(
      false,
    );
  });
});

describe('windows shared with the other gateways', () => {
  /** A stand-in for the NATS-backed counter: `max` per bucket, or failing when told to. */
  const sharedLimit = (max: number) => {
    const counts = new Map<string, number>();
    const state = { available: true, failing: false, taken: [] as string[] };
    return {
      state,
      limit: {
        available: () => state.available,
        take: async (bucket: string) => {
          if (state.failing) throw new Error('nats timeout');
          state.taken.push(bucket);
          const n = (counts.get(bucket) ?? 0) + 1;
          counts.set(bucket, n);
          return { allowed: n <= max, remaining: Math.max(0, max - n), resetMs: 42_500 };
        },
      },
    };
  };

  it('counts through the shared windows, and refuses in shape A with the time left', async () => {
    const shared = sharedLimit(2);
    const sgw = await startTestGateway({
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' },
      rateLimit: shared.limit,
    });
    try {
      const key = await sgw.keyring.add(userActor('carol'));
      const first = await sgw.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-ratelimit-remaining']).toBe('1');
      await sgw.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${key}` } });
      const refused = await sgw.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.headers['retry-after']).toBe('43');
      expect(shared.state.taken).toHaveLength(3);
      expect(new Set(shared.state.taken).size).toBe(1); // one bucket: the key's
      // Health is never counted.
      await sgw.app.inject({ url: '/health' });
      expect(shared.state.taken).toHaveLength(3);
    } finally {
      await sgw.close();
    }
  });

  it('counts in its own memory while the shared windows are away', async () => {
    const shared = sharedLimit(1);
    const sgw = await startTestGateway({
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' },
      rateLimit: shared.limit,
    });
    try {
      const key = await sgw.keyring.add(userActor('dave'));
      const ask = () =>
        sgw.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${key}` } });
      shared.state.failing = true; // a call fails: this request is counted locally
      expect((await ask()).statusCode).toBe(200);
      shared.state.failing = false;
      shared.state.available = false; // NATS disconnected: not even asked
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
      expect(shared.state.taken).toEqual([]);
    } finally {
      await sgw.close();
    }
  });
});
