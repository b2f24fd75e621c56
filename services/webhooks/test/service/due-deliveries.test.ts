import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { EventTypes } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { connectMongo } from '@momentum/storage';
import { userActor } from '@momentum/testing';
import { webhookModels } from '../../src/store/models.js';
import { DeliveryStore } from '../../src/store/delivery-store.js';
import { SubscriptionStore } from '../../src/store/subscription-store.js';
import { ingestEvent } from '../../src/usecases/ingest.js';
import {
  deliveries,
  sleep,
  startWebhooks,
  subscribe,
  taskData,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

const DAY = 86_400_000;

/**
 * How the scheduler finds due deliveries (pending, `dueAt` passed) in the moments that
 * matter: a process dying between writes, two writers racing, and records written before
 * `dueAt` existed or by an older process. The running process must bring each to its end.
 */
describe('due deliveries', () => {
  let h: Harness;
  let receiver: Receiver;
  let conn: Connection;
  let store: { deliveries: DeliveryStore; subscriptions: SubscriptionStore };
  const silent = { info() {}, warn() {}, error() {} };
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
    conn = await connectMongo(h.ctx.config.MONGO_URL, h.ctx.config.MONGO_DB!);
    const m = webhookModels(conn);
    store = { deliveries: new DeliveryStore(m, DAY), subscriptions: new SubscriptionStore(m) };
  });
  afterAll(async () => {
    await conn?.close();
    await h?.close();
    await receiver?.stop();
  });

  async function hookWithPath() {
    const ada = userActor();
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path) });
    return {
      ada,
      hook: { ...hook, userId: ada.id },
      got: () => receiver.received.filter((r) => r.path === path),
    };
  }
  const input = (hook: { id: string; userId: string }, eventId: string = randomUUID()) => ({
    subscriptionId: hook.id,
    eventId,
    eventType: 'task.created',
    body: '{"type":"task.created"}',
    audience: { userId: hook.userId, teamId: null },
  });
  const record = (hook: { id: string; userId: string }, at = new Date()) =>
    store.deliveries.record(input(hook), at);
  /** A pending delivery as the service wrote it before `dueAt` existed. */
  const undated = (hook: { id: string; userId: string }, nextAttemptAt: Date) => {
    const now = new Date();
    return {
      _id: `${hook.id}:${randomUUID()}`,
      ...input(hook),
      state: 'pending',
      gen: 0,
      attempts: 0,
      roundAttempts: 0,
      armedAt: now,
      nextAttemptAt,
      claimedUntil: new Date(0),
      claimToken: null,
      lastResponseCode: null,
      lastError: null,
      lastAttemptAt: null,
      createdAt: now,
      updatedAt: now,
    };
  };

  it('a delivery recorded by a handling that died before its ack is sent, and sent once', async () => {
    const { ada, hook, got } = await hookWithPath();
    const event = makeEvent(EventTypes.habits.taskCreated, taskData(ada.id));
    // First handling: the record was written, then the process died (no ack).
    await store.deliveries.record(input(hook, event.id), new Date());
    await until(async () => got().length === 1);
    // JetStream hands the event out again: nothing new is created or sent.
    const projectTeams = { teamOf: async () => null, remember: async () => undefined };
    const matched = await ingestEvent(
      { ...store, projectTeams, log: silent, scheduled: () => undefined },
      event,
    );
    expect(matched).toBe(1);
    await sleep(300);
    expect(got()).toHaveLength(1);
    expect(await deliveries(h, ada, hook.id)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('two redelivers that read the same finished delivery arm it once', async () => {
    const { hook, got } = await hookWithPath();
    const { doc } = await record(hook);
    await until(async () => (await store.deliveries.find(doc._id))?.state === 'succeeded');
    const now = new Date();
    const armed = await Promise.all([0, 1].map(() => store.deliveries.arm(doc._id, 0, now)));
    expect(armed.filter(Boolean)).toHaveLength(1);
    expect(armed.find(Boolean)).toMatchObject({ state: 'pending', gen: 1, dueAt: now });
    const done = await until(async () => {
      const d = await store.deliveries.find(doc._id);
      return d?.state === 'succeeded' && d.attempts === 2 && d;
    });
    expect(done).toMatchObject({ gen: 1, roundAttempts: 1 });
    await sleep(300);
    expect(got().map((r) => r.id)).toEqual([doc.eventId, doc.eventId]);
  });

  it('a delivery claimed by a process that died is taken over when its claim runs out', async () => {
    const { hook, got } = await hookWithPath();
    // Recorded due a little ahead, so the running scheduler cannot take it before the claim.
    const at = new Date(Date.now() + 300);
    const { doc } = await record(hook, at);
    const dead = await store.deliveries.claim(doc._id, at, 600, 'dead-process');
    expect(dead).toMatchObject({ claimToken: 'dead-process', dueAt: new Date(at.getTime() + 600) });
    await until(async () => got().length === 1);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() + 550);
    const d = await until(async () => {
      const row = await store.deliveries.find(doc._id);
      return row?.state === 'succeeded' && row;
    });
    expect(d).toMatchObject({ attempts: 1, claimToken: null });
  });

  it('a pending delivery written before dueAt existed is delivered by a process started on it', async () => {
    const { hook, got } = await hookWithPath();
    const old = undated(hook, new Date(Date.now() - 60_000));
    await conn.collection('deliveries').insertOne(old as never);
    // A leftover row of the old `due` collection is not read.
    await conn
      .collection('due')
      .insertOne({ _id: old._id, subscriptionId: hook.id, dueAt: new Date(0), gen: 0 } as never);
    // The running process dated what it found at start; its next look is a minute away.
    await sleep(300);
    expect(got()).toHaveLength(0);
    const next = await startWebhooks({ twinOf: h });
    try {
      await until(async () => got().length === 1);
      const d = await until(async () => {
        const row = await store.deliveries.find(old._id);
        return row?.state === 'succeeded' && row;
      });
      expect(d).toMatchObject({ attempts: 1, dueAt: expect.any(Date) });
      expect(got()[0]!.id).toBe(old.eventId);
    } finally {
      await next.stop();
    }
  });

  it('a dueAt behind its record (an older process wrote it) is moved, and nothing is sent early', async () => {
    const { hook, got } = await hookWithPath();
    const later = new Date(Date.now() + 3_600_000);
    const stale = { ...undated(hook, later), dueAt: new Date(Date.now() - 1000) };
    await conn.collection('deliveries').insertOne(stale as never);
    const d = await until(async () => {
      const row = await store.deliveries.find(stale._id);
      return row?.dueAt?.getTime() === later.getTime() && row;
    });
    expect(d).toMatchObject({ state: 'pending', attempts: 0 });
    expect(got()).toHaveLength(0);
  });
});
