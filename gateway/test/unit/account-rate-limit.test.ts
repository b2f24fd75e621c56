import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRateMax, GatewayConfigSchema } from '../../src/config.js';
import { agentActor, startTestGateway, userActor, type TestGateway } from '../support/harness.js';

const PER_KEY = 3;
const PER_ACCOUNT = 5;
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({
    env: {
      RATE_LIMIT_MAX: String(PER_KEY),
      RATE_LIMIT_ACCOUNT_MAX: String(PER_ACCOUNT),
      RATE_LIMIT_WINDOW_MS: '60000',
    },
  });
});
afterAll(() => gw.close());

const call = (key: string) =>
  gw.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${key}` } });

describe('per-account rate limiting (RATE_LIMIT_ACCOUNT_MAX)', () => {
  it('all keys of a user and its agents share one budget: past it 429 with Retry-After', async () => {
    const [first, second, agent] = await Promise.all([
      gw.keyring.add(userActor('dora')),
      gw.keyring.add(userActor('dora')),
      gw.keyring.add(agentActor('dora-bot', 'dora')),
    ]);
    // Each key stays under its own limit of 3; together they reach the account's 5.
    for (const key of [first, first, second, second, agent])
      expect((await call(key)).statusCode).toBe(200);
    for (const key of [agent, second]) {
      const refused = await call(key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.any(String) },
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['x-ratelimit-limit']).toBe(String(PER_ACCOUNT));
    }
  });

  it('another account is not affected', async () => {
    const key = await gw.keyring.add(userActor('emil'));
    expect((await call(key)).statusCode).toBe(200);
  });

  it('config: three times the per-key limit unless set; 0 turns it off', async () => {
    const base = { INTERNAL_SECRET: 'x'.repeat(32) };
    expect(accountRateMax(GatewayConfigSchema.parse(base))).toBe(9000);
    expect(accountRateMax(GatewayConfigSchema.parse({ ...base, RATE_LIMIT_MAX: '10' }))).toBe(30);
    expect(
      accountRateMax(GatewayConfigSchema.parse({ ...base, RATE_LIMIT_ACCOUNT_MAX: '7' })),
    ).toBe(7);
    expect(GatewayConfigSchema.safeParse({ ...base, RATE_LIMIT_ACCOUNT_MAX: '-1' }).success).toBe(
      false,
    );
    const off = await startTestGateway({
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_ACCOUNT_MAX: '0' },
    });
    try {
      const keys = await Promise.all([1, 2, 3].map(() => off.keyring.add(userActor('fern'))));
      for (const key of keys)
        for (let i = 0; i < 2; i++) {
          const res = await off.app.inject({
            method: 'GET',
            url: '/api/me',
            headers: { authorization: `Bearer ${key}` },
          });
          expect(res.statusCode).toBe(200);
        }
    } finally {
      await off.close();
    }
  });
});
