import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AppError } from '@momentum/contracts';
import { DocumentLeases } from '../../src/lease.js';
import { testConfig } from '@momentum/testing';

/** Fenced leases between two "processes" (two connections) on one database. */
describe('DocumentLeases', () => {
  const { MONGO_DB } = testConfig();
  let a: Connection;
  let b: Connection;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    a = await mongoose.createConnection(inject('mongoUrl'), { dbName: MONGO_DB }).asPromise();
    b = await mongoose.createConnection(inject('mongoUrl'), { dbName: MONGO_DB }).asPromise();
  });
  afterAll(async () => {
    await a.dropDatabase();
    await Promise.all([a.close(), b.close()]);
  });

  it('raises the token on every take and keeps the document', async () => {
    const leases = new DocumentLeases(a);
    const tokens: number[] = [];
    for (let i = 0; i < 3; i++)
      await leases.with('tok', async (fence) => void tokens.push(fence.tokens.get('tok')!));
    expect(tokens).toEqual([1, 2, 3]);
    expect(await a.collection('leases').findOne({ _id: 'tok' as never })).toMatchObject({
      holder: null,
      token: 3,
    });
  });

  it('undoes the writes of a holder whose lease was taken over, and answers 503', async () => {
    const slow = new DocumentLeases(a, { durationMs: 200 });
    const fast = new DocumentLeases(b, { durationMs: 200 });
    const undone: string[] = [];
    const late = slow.with('over', async (fence) => {
      await sleep(500); // paused past the lease, then writes without checking
      fence.wrote(async () => void undone.push('late write'));
      return 'wrote';
    });
    await sleep(300);
    // The lease expired on the engine's clock: the other process takes it over.
    expect(await fast.with('over', async () => 'took over')).toBe('took over');
    const err = await late.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '1' } });
    expect(undone).toEqual(['late write']);
  });

  it('refuses a write (check) once the lease is lost, before anything is written', async () => {
    const slow = new DocumentLeases(a, { durationMs: 200 });
    const checked = slow.with('check', async (fence) => {
      await sleep(300);
      await fence.check();
      return 'wrote';
    });
    await expect(checked).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('judges expiry by the engine clock, not by a taker whose clock runs ahead', async () => {
    const holder = new DocumentLeases(a, { durationMs: 5000, waitMs: 300 });
    const ahead = new DocumentLeases(b, { durationMs: 5000, waitMs: 300 });
    let release!: () => void;
    const held = holder.with('clock', () => new Promise<void>((r) => (release = r)));
    await sleep(100);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 60_000); // this process's clock a minute ahead
      await expect(ahead.with('clock', async () => 'taken')).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      vi.useRealTimers();
    }
    release();
    await held;
  });

  it('takes several keys in one order, so overlapping sets do not deadlock', async () => {
    const one = new DocumentLeases(a, { waitMs: 3000 });
    const two = new DocumentLeases(b, { waitMs: 3000 });
    const order: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? one : two).with(i % 2 ? ['k1', 'k2'] : ['k2', 'k1'], async () => {
          order.push(`in${i}`);
          await sleep(20);
          order.push(`out${i}`);
        }),
      ),
    );
    // Never two inside at once.
    for (let i = 0; i < order.length; i += 2)
      expect(order[i + 1]).toBe(order[i]!.replace('in', 'out'));
  });
});
