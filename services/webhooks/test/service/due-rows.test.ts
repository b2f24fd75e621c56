import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { EventTypes, makeEvent } from '@momentum/contracts';
import { connectMongo } from '@momentum/storage';
import { userActor } from '@momentum/testing';
import { webhookModels } from '../../src/store/models.js';
import { DeliveryStore, deliveryIdOf } from '../../src/store/delivery-store.js';
import { DueStore } from '../../src/store/due-store.js';
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

/**
 * The moments a process can die between two writes, replayed by writing only the first:
 * the running process must bring each delivery to its end.
 */
describe('due rows after a crash between two writes', () => {
  let h: Harness;
  let receiver: Receiver;
  let conn: Connection;
  let store: { deliveries: DeliveryStore; due: DueStore; subscriptions: SubscriptionStore };
  const silent = { info() {}, warn() {}, error() {} };
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
    conn = await connectMongo(h.ctx.config.MONGO_URL, h.ctx.config.MONGO_DB!);
    const m = webhookModels(conn);
    store = {
      deliveries: new DeliveryStore(m),
      due: new DueStore(m),
      subscriptions: new SubscriptionStore(m),
    };
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
  const record = (hook: { id: string; userId: string }) =>
    store.deliveries.record(
      {
        subscriptionId: hook.id,
        eventId: randomUUID(),
        eventType: 'task.created',
        body: '{"type":"task.created"}',
        audience: { userId: hook.userId, teamId: null },
      },
      new Date(),
    );

  it('an event handed out again writes the due row its first handling did not', async () => {
    const { ada, hook, got } = await hookWithPath();
    const event = makeEvent(EventTypes.habits.taskCreated, taskData(ada.id));
    // First handling: the record was written, then the process died (no due row, no ack).
    await store.deliveries.record(
      {
        subscriptionId: hook.id,
        eventId: event.id,
        eventType: 'task.created',
        body: '{}',
        audience: { userId: ada.id, teamId: null },
      },
      new Date(),
    );
    await sleep(200);
    expect(got()).toHaveLength(0); // nothing schedules a delivery without its row
    const projectTeams = { teamOf: async () => null, remember: async () => undefined };
    const matched = await ingestEvent(
      { ...store, projectTeams, log: silent, scheduled: () => undefined },
      event,
    );
    expect(matched).toBe(1);
    await until(async () => got().length === 1);
    expect(await deliveries(h, ada, hook.id)).toHaveLength(1);
  });

  it('a redeliver that died between its two writes is completed by the scheduler', async () => {
    const { ada, hook, got } = await hookWithPath();
    const { doc } = await record(hook);
    await store.due.schedule(doc._id, hook.id, new Date(), 0);
    await until(async () => got().length === 1);
    await until(async () => (await store.deliveries.find(doc._id))?.state === 'succeeded');
    // The redeliver wrote the row at the next generation and died before arming the record.
    await store.due.schedule(doc._id, hook.id, new Date(), 1);
    await until(async () => got().length === 2);
    const done = await until(async () => {
      const d = await store.deliveries.find(doc._id);
      return d?.state === 'succeeded' && d.attempts === 2 && d;
    });
    expect(done.gen).toBe(1);
    expect(got().map((r) => r.id)).toEqual([doc.eventId, doc.eventId]);
    expect((await deliveries(h, ada, hook.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
  });

  it('a row left behind by a finished delivery is removed without sending again', async () => {
    const { hook, got } = await hookWithPath();
    const { doc } = await record(hook);
    await store.due.schedule(doc._id, hook.id, new Date(), 0);
    await until(async () => (await store.deliveries.find(doc._id))?.state === 'succeeded');
    await store.due.schedule(doc._id, hook.id, new Date(), 0); // the stale row
    await until(async () => !(await conn.collection('due').findOne({ _id: doc._id } as never)));
    expect(got()).toHaveLength(1);
  });

  it('a delivery claimed by a process that died is taken over when its claim runs out', async () => {
    const { hook, got } = await hookWithPath();
    const { doc } = await record(hook);
    const dead = await store.deliveries.claim(doc._id, new Date(), 600, 'dead-process');
    expect(dead).not.toBeNull();
    const claimedAt = Date.now();
    await store.due.schedule(doc._id, hook.id, new Date(), 0);
    await until(async () => got().length === 1);
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(550);
    const d = await until(async () => {
      const row = await store.deliveries.find(doc._id);
      return row?.state === 'succeeded' && row;
    });
    expect(d).toMatchObject({ attempts: 1, claimToken: null });
    expect(deliveryIdOf(hook.id, doc.eventId)).toBe(doc._id);
  });
});
