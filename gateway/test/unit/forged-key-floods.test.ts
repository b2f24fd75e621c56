import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyRecord } from '@momentum/contracts';
import { KEY_HASH_COST } from '@momentum/config';
import { HashPool, hashSecret, newApiKey, parseApiKey } from '@momentum/keys';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';
import { FailureThrottle } from '../../src/auth/failure-throttle.js';
import { KeyCache } from '../../src/auth/key-cache.js';
import { KeyResolver, type KeyDirectory } from '../../src/auth/key-resolver.js';
import { UnknownKeyIds } from '../../src/auth/unknown-keys.js';

// bcrypt at cost 10 on a shared, busy machine: generous time.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** The same key id with another (random) secret: what a forger who saw a key id sends. */
const forged = (raw: string) => `svc_${parseApiKey(raw)!.keyId}_${newApiKey('u').secret}`;

describe('forged secrets are throttled before any hash is computed', () => {
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    gw = await startTestGateway({
      env: { AUTH_FAILURES_PER_KEY: '3', AUTH_FAILURES_PER_ADDRESS: '6' },
    });
    key = await gw.keyring.add(userActor('victim'));
    // The owner has used the key before the flood.
    expect((await me(key)).statusCode).toBe(200);
  });
  afterAll(() => gw.close());

  const me = (raw: string, remoteAddress = '10.0.0.1', url = '/api/me') =>
    gw.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { authorization: `Bearer ${raw}` },
    });

  it('per key id from one address: 401 up to the limit, then 429 with Retry-After in shape A', async () => {
    for (let i = 0; i < 3; i++) expect((await me(forged(key), '10.1.0.1')).statusCode).toBe(401);
    const lookups = gw.keyring.lookups;
    const res = await me(forged(key), '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    // Refused before the directory was asked or a hash compared.
    expect(gw.keyring.lookups).toBe(lookups);
    // The same key id from another address is that address's to spend: not locked by this one.
    expect((await me(forged(key), '10.1.0.99')).statusCode).toBe(401);
  });

  it('on /api/agents the 429 is in shape B', async () => {
    const res = await me(forged(key), '10.1.0.1', '/api/agents');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toEqual({ statusCode: 429, message: expect.any(String) });
  });

  it('the owner of the flooded key id keeps working, even once its verdict has expired', async () => {
    gw.keyCache.clear();
    const res = await me(key, '10.1.0.5');
    expect(res.statusCode).toBe(200);
    expect(gw.seen.at(-1)!.actor?.id).toBe('victim');
  });

  it('per client address: failures with any key ids count, other addresses are unaffected', async () => {
    const others = await Promise.all(
      Array.from({ length: 8 }, (_, i) => gw.keyring.add(userActor(`o${i}`))),
    );
    const statuses: number[] = [];
    for (const raw of others) statuses.push((await me(forged(raw), '10.2.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // A legitimate key from another address is verified as usual.
    expect((await me(others[7]!, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const forgeFrom = async (gw: TestGateway, key: string, xff: string, remote = '10.9.0.1') =>
    (
      await gw.app.inject({
        method: 'GET',
        url: '/api/me',
        remoteAddress: remote,
        headers: { authorization: `Bearer ${forged(key)}`, 'x-forwarded-for': xff },
      })
    ).statusCode;

  it('a trusted proxy’s X-Forwarded-For names the client: clients are throttled apart', async () => {
    const gw = await startTestGateway({
      env: { AUTH_FAILURES_PER_ADDRESS: '2', AUTH_FAILURES_PER_KEY: '0', TRUST_PROXY: '10.9.0.1' },
    });
    try {
      const keys = await Promise.all([1, 2, 3].map((i) => gw.keyring.add(userActor(`p${i}`))));
      expect(await forgeFrom(gw, keys[0]!, '203.0.113.7')).toBe(401);
      expect(await forgeFrom(gw, keys[1]!, '203.0.113.7')).toBe(401);
      expect(await forgeFrom(gw, keys[2]!, '203.0.113.7')).toBe(429);
      expect(await forgeFrom(gw, keys[2]!, '198.51.100.9')).toBe(401);
    } finally {
      await gw.close();
    }
  });

  it('without TRUST_PROXY a client cannot pick its address with X-Forwarded-For', async () => {
    const gw = await startTestGateway({
      env: { AUTH_FAILURES_PER_ADDRESS: '2', AUTH_FAILURES_PER_KEY: '0' },
    });
    try {
      const key = await gw.keyring.add(userActor('p0'));
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await forgeFrom(gw, key, `192.0.2.${i}`));
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await gw.close();
    }
  });
});

describe('unknown key ids cost one internal round trip', () => {
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    gw = await startTestGateway({ env: { AUTH_FAILURES_PER_ADDRESS: '0' } });
    key = await gw.keyring.add(userActor('creator'));
  });
  afterAll(() => gw.close());
  const get = (raw: string) =>
    gw.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${raw}` } });

  it('the same unknown key id with any secrets is asked once; a key creation forgets it', async () => {
    const unknown = newApiKey('u');
    const before = gw.keyring.lookups;
    for (let i = 0; i < 20; i++) expect((await get(forged(unknown.raw))).statusCode).toBe(401);
    expect(gw.keyring.lookups - before).toBe(1);
    expect(gw.guarded.unknown.has(unknown.keyId, gw.keyCache.generation)).toBe(true);

    const created = await gw.app.inject({
      method: 'POST',
      url: '/api/users/me/api-keys',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(created.statusCode).toBe(201);
    expect(gw.guarded.unknown.has(unknown.keyId, gw.keyCache.generation)).toBe(false);
  });
});

describe('a key id refused as inactive is asked again after any change', () => {
  it('an agent switched off then on again: its key works again at once', async () => {
    const gw = await startTestGateway({ env: { AUTH_FAILURES_PER_ADDRESS: '0' } });
    try {
      const raw = await gw.keyring.add(userActor('agent-owner'));
      const { keyId } = parseApiKey(raw)!;
      const get = () =>
        gw.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${raw}` },
        });
      // The directory says "no such key" while the agent is off.
      const record = await gw.keyring.lookup(keyId);
      gw.keyring.hide(keyId);
      expect((await get()).statusCode).toBe(401);
      expect(gw.guarded.unknown.has(keyId, gw.keyCache.generation)).toBe(true);
      // Switched on again: the agents event (or this gateway's own write) drops cached verdicts.
      gw.keyring.restore(record!);
      gw.keyCache.dropAgent('agent-owner');
      expect((await get()).statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('bcrypt runs on worker threads behind a bounded queue', () => {
  it('compares right and wrong secrets off the event loop, which stays responsive', async () => {
    const pool = new HashPool({ workers: 1, maxQueued: 16 });
    try {
      const secret = newApiKey('u').secret;
      // Production's cost: the test is about how long a comparison holds a worker.
      const hash = await hashSecret(secret, KEY_HASH_COST.production);
      await pool.compare(secret, hash); // the worker has started
      // While eight comparisons (~0.5 s of bcrypt) run, this thread is mostly idle.
      const start = performance.eventLoopUtilization();
      const results = await Promise.all([
        pool.compare(secret, hash),
        ...Array.from({ length: 7 }, () => pool.compare(`${secret}x`, hash)),
      ]);
      const busy = performance.eventLoopUtilization(start);
      expect(results).toEqual([true, false, false, false, false, false, false, false]);
      expect(busy.utilization).toBeLessThan(0.3);
    } finally {
      await pool.close();
    }
  });

  it('a full queue is 503 with Retry-After, in the path’s shape', async () => {
    const gw = await startTestGateway({
      env: { KEY_VERIFY_WORKERS: '1', KEY_VERIFY_QUEUE: '0', AUTH_FAILURES_PER_ADDRESS: '0' },
    });
    try {
      const keys = await Promise.all(
        Array.from({ length: 4 }, (_, i) => gw.keyring.add(userActor(`q${i}`))),
      );
      const send = (url: string) =>
        Promise.all(
          keys.map((raw) =>
            gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${raw}` } }),
          ),
        );
      const replies = await send('/api/me');
      const refused = replies.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.headers['retry-after']).toBe('1');
      expect(refused[0]!.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      // Refusal is not a verdict: each key works once the pool has room.
      for (const raw of keys) {
        const res = await gw.app.inject({
          method: 'GET',
          url: '/api/agents',
          headers: { authorization: `Bearer ${raw}` },
        });
        expect(res.statusCode).toBe(200);
      }
      gw.keyCache.clear();
      const agents = (await send('/api/agents')).filter((r) => r.statusCode === 503);
      // Known keys are not hashed again, so nothing waits for the pool.
      expect(agents).toEqual([]);
    } finally {
      await gw.close();
    }
  });
});

describe('KeyResolver with its guards', () => {
  const actor: KeyRecord['actor'] = userActor('g1');
  it('computes no hash for a throttled attempt, and throttles new secrets only', async () => {
    const key = newApiKey('u');
    const record = {
      keyId: key.keyId,
      hash: await hashSecret(key.secret, KEY_HASH_COST.min),
      actor,
    };
    const directory: KeyDirectory = { lookup: async () => record };
    let compared = 0;
    const resolver = new KeyResolver(directory, new KeyCache(0, 0), {
      compare: async (secret, hash) => {
        compared++;
        return (await import('@momentum/keys')).checkSecret(secret, hash);
      },
      throttle: new FailureThrottle({ perAddress: 0, perKey: 2, windowMs: 60_000 }),
      unknown: new UnknownKeyIds(60_000),
    });
    await expect(resolver.resolve(key.raw, 'a')).resolves.toEqual(actor);
    expect(compared).toBe(1);
    const forgeries = Array.from({ length: 10 }, () => `svc_${key.keyId}_${newApiKey('u').secret}`);
    const outcomes = await Promise.allSettled(forgeries.map((f) => resolver.resolve(f, 'b')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(8);
    expect(compared).toBe(3);
    // The real key (cache TTL 0: verified afresh) is neither throttled nor hashed again.
    await expect(resolver.resolve(key.raw, 'b')).resolves.toEqual(actor);
    expect(compared).toBe(3);
  });
});
