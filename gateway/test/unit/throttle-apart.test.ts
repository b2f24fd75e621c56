import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, parseApiKey } from '@momentum/keys';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/** The same key id with another (random) secret: what a forger who saw a key id sends. */
const forged = (raw: string) => `svc_${parseApiKey(raw)!.keyId}_${newApiKey('u').secret}`;

/**
 * Throttling that cannot be turned on others (docs/SECURITY.md, "API keys under attack"):
 * failures count per address, and per key id from that address, apart; the defaults.
 */
describe('an address forging 1,000 secrets', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  const me = (raw: string, remoteAddress: string) =>
    gw.app.inject({
      method: 'GET',
      url: '/api/me',
      remoteAddress,
      headers: { authorization: `Bearer ${raw}` },
    });

  it('cannot make a fresh, valid key from another address wait or fail', async () => {
    const victim = await gw.keyring.add(userActor('victim'));
    const bystander = await gw.keyring.add(userActor('bystander'));
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      // Half on the victim's key id, half on a key id of its own choosing each time.
      const raw = i % 2 === 0 ? forged(victim) : forged(bystander);
      const { statusCode } = await me(raw, '203.0.113.66');
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    // Refused throughout: 401 while its budget lasted, then 429 without hashing.
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(statuses.get(401)).toBeLessThanOrEqual(60);

    // Neither key has been verified on this gateway: both are fresh to it.
    for (const [raw, id] of [
      [victim, 'victim'],
      [bystander, 'bystander'],
    ] as const) {
      const started = performance.now();
      const res = await me(raw, '198.51.100.7');
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['retry-after'], id).toBeUndefined();
      expect(gw.seen.at(-1)!.actor?.id).toBe(id);
      // No waiting: one lookup and one comparison at the tests' bcrypt cost.
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe('a key is marked used only once its secret verified', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  it('forgeries of its key id mark nothing; the real key marks it', async () => {
    const raw = await gw.keyring.add(userActor('marked'));
    const keyId = parseApiKey(raw)!.keyId;
    for (let i = 0; i < 5; i++) {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${forged(raw)}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(gw.keyring.usedKeyIds).not.toContain(keyId);
    const ok = await gw.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${raw}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(gw.keyring.usedKeyIds.filter((k) => k === keyId)).toHaveLength(1);
  });
});
