import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type KV, type NatsConnection } from 'nats';
import { testConfig } from '@momentum/testing';
import { SharedWindowCounter } from '../../src/limits/shared-counter.js';
import { SharedIdempotencyStore } from '../../src/idempotency/shared-store.js';
import { DEFAULT_IDEMPOTENCY_LIMITS } from '../../src/idempotency/store.js';
import { kvKey, openBucket } from '../../src/shared/kv.js';

/**
 * Two gateways' shared state on real NATS: each "gateway" has its own connection and its
 * own objects over the same key-value bucket, as two processes would.
 */
describe('gateway state shared on NATS key-value buckets', () => {
  const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
  let connections: NatsConnection[] = [];
  const buckets: string[] = [];
  const bucket = async (nc: NatsConnection, name: string, ttlMs = 60_000): Promise<KV> => {
    buckets.push(name);
    return openBucket(nc, `${prefix}_${name}`, { ttlMs, maxBytes: 64 * 1024 * 1024 });
  };

  beforeAll(async () => {
    connections = await Promise.all([connect({ servers: natsUrl }), connect({ servers: natsUrl })]);
  });
  afterAll(async () => {
    const jsm = await connections[0]!.jetstreamManager();
    for (const name of new Set(buckets))
      await jsm.streams.delete(`KV_${prefix}_${name}`).catch(() => undefined);
    await Promise.all(connections.map((nc) => nc.close()));
  });

  describe('rate-limit windows', () => {
    it('admits exactly the limit across two gateways taking at once', async () => {
      const [a, b] = await Promise.all(
        connections.map(
          async (nc) => new SharedWindowCounter(await bucket(nc, 'rate'), 25, 60_000),
        ),
      );
      const takes = await Promise.all(
        Array.from({ length: 80 }, (_, i) => (i % 2 ? a! : b!).take('key:k1')),
      );
      expect(takes.filter((t) => t.allowed)).toHaveLength(25);
      for (const t of takes) expect(t.resetMs).toBeGreaterThan(50_000);
      // Sequential takes through both, after the window is full: refused everywhere.
      expect((await a!.take('key:k1')).allowed).toBe(false);
      expect((await b!.take('key:k1')).allowed).toBe(false);
      // Another key has its own window.
      expect((await b!.take('key:k2')).allowed).toBe(true);
    });

    it('starts a new window once the last one is over', async () => {
      const [a, b] = await Promise.all(
        connections.map(
          async (nc) => new SharedWindowCounter(await bucket(nc, 'rate-short'), 3, 1000),
        ),
      );
      const first = await Promise.all(
        Array.from({ length: 5 }, (_, i) => (i % 2 ? a! : b!).take('ip:x')),
      );
      expect(first.filter((t) => t.allowed)).toHaveLength(3);
      await new Promise((r) =>
        setTimeout(r, 1100 - Math.min(...first.map((t) => 1000 - t.resetMs))),
      );
      const second = await Promise.all(
        Array.from({ length: 5 }, (_, i) => (i % 2 ? a! : b!).take('ip:x')),
      );
      expect(second.filter((t) => t.allowed)).toHaveLength(3);
    });

    it('admits requests of one key that arrive together with one write, and counts each', async () => {
      const kv = await bucket(connections[0]!, 'rate-batch');
      let writes = 0;
      // Counts the bucket writes the counter makes; reads and everything else pass through.
      const counted = new Proxy(kv, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if ((prop === 'create' || prop === 'update') && typeof value === 'function')
            return (...args: unknown[]) => {
              writes++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const counter = new SharedWindowCounter(counted, 1e9, 60_000);
      const n = 2000;
      const takes = await Promise.all(Array.from({ length: n }, () => counter.take('key:burst')));
      expect(takes.every((t) => t.allowed)).toBe(true);
      expect(Math.min(...takes.map((t) => t.remaining))).toBe(1e9 - n);
      // The first request writes alone; those arriving meanwhile share the next write.
      expect(writes).toBeLessThanOrEqual(3);
      const stored = await kv.get(kvKey('key:burst'));
      expect(stored?.json<{ n: number }>().n).toBe(n);
    });
  });

  describe('idempotency store', () => {
    const response = (text: string) => ({
      status: 201,
      contentType: 'application/json',
      body: Buffer.from(text),
    });

    it('replays through the other gateway, 409s while the first still runs, 422s another request', async () => {
      const [a, b] = await Promise.all(
        connections.map(
          async (nc) => new SharedIdempotencyStore(await bucket(nc, 'idem', 24 * 3600_000)),
        ),
      );
      expect(await a!.begin('user:1\nk1', 'fp')).toEqual({ kind: 'new' });
      expect(await b!.begin('user:1\nk1', 'fp')).toEqual({ kind: 'in_progress' });
      expect(await b!.begin('user:1\nk1', 'other')).toEqual({ kind: 'mismatch' });
      expect(await a!.complete('user:1\nk1', 'fp', response('{"data":1}'))).toBe(true);
      const replay = await b!.begin('user:1\nk1', 'fp');
      expect(replay.kind).toBe('replay');
      if (replay.kind !== 'replay') return;
      expect(replay.response.status).toBe(201);
      expect(replay.response.contentType).toBe('application/json');
      expect(replay.response.body.toString()).toBe('{"data":1}');
      // Another caller's key of the same name is another entry.
      expect(await b!.begin('user:2\nk1', 'fp')).toEqual({ kind: 'new' });
    });

    it('lets one of many concurrent first requests run', async () => {
      const [a, b] = await Promise.all(
        connections.map(
          async (nc) => new SharedIdempotencyStore(await bucket(nc, 'idem', 24 * 3600_000)),
        ),
      );
      const begun = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).begin('user:3\nrace', 'fp')),
      );
      expect(begun.filter((x) => x.kind === 'new')).toHaveLength(1);
      expect(begun.filter((x) => x.kind === 'in_progress')).toHaveLength(9);
    });

    it('lets a retry run after the first was abandoned, or its gateway died', async () => {
      const limits = { ...DEFAULT_IDEMPOTENCY_LIMITS, pendingTtlMs: 300, maxEntryBytes: 1024 };
      const [a, b] = await Promise.all(
        connections.map(
          async (nc) =>
            new SharedIdempotencyStore(await bucket(nc, 'idem', 24 * 3600_000), () => true, limits),
        ),
      );
      expect(await a!.begin('user:4\nk', 'fp')).toEqual({ kind: 'new' });
      await a!.abandon('user:4\nk', 'fp');
      expect(await b!.begin('user:4\nk', 'fp')).toEqual({ kind: 'new' });
      // b "dies" holding the key: after pendingTtlMs one other gateway takes it over.
      expect(await a!.begin('user:4\nk', 'fp')).toEqual({ kind: 'in_progress' });
      await new Promise((r) => setTimeout(r, 350));
      expect(await a!.begin('user:4\nk', 'fp')).toEqual({ kind: 'new' });
      // The dead one's late answer does not overwrite the new holder's claim.
      expect(await b!.complete('user:4\nk', 'fp', response('late'))).toBe(false);
      expect(await a!.complete('user:4\nk', 'fp', response('x'.repeat(2048)))).toBe(false);
      // Too large to keep: dropped, so a retry runs again.
      expect(await b!.begin('user:4\nk', 'fp')).toEqual({ kind: 'new' });
    });

    it('keeps requests in its own memory while NATS is away', async () => {
      let up = false;
      const store = new SharedIdempotencyStore(
        await bucket(connections[0]!, 'idem', 24 * 3600_000),
        () => up,
      );
      expect(await store.begin('user:5\nk', 'fp')).toEqual({ kind: 'new' });
      up = true;
      // Begun locally, finished locally, even though NATS is back.
      expect(await store.complete('user:5\nk', 'fp', response('{}'))).toBe(true);
      up = false;
      expect((await store.begin('user:5\nk', 'fp')).kind).toBe('replay');
    });
  });

  it('makes its buckets with the copies NATS_REPLICAS asks for (one server here: 3 is refused)', async () => {
    const nc = connections[0]!;
    buckets.push('copies');
    const one = await openBucket(nc, `${prefix}_copies`, {
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
      replicas: 1,
    });
    expect((await one.status()).replicas).toBe(1);
    buckets.push('copies3');
    await expect(
      openBucket(nc, `${prefix}_copies3`, { ttlMs: 60_000, maxBytes: 1024 * 1024, replicas: 3 }),
    ).rejects.toThrow(/replica|cluster/i);
  });
});
