import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo } from '@momentum/storage';
import { userActor } from '@momentum/testing';
import { webhookModels } from '../../src/store/models.js';
import { DeliveryStore } from '../../src/store/delivery-store.js';
import { SubscriptionStore } from '../../src/store/subscription-store.js';
import {
  announceSubscriptionChange,
  followSubscriptionChanges,
} from '../../src/consumers/subscription-changes.js';
import {
  deliveries,
  producerBus,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/** Two processes of the webhooks service on one database and the same streams. */
describe('two webhooks processes', () => {
  let a: Harness;
  let b: Harness;
  let receiver: Receiver;
  const connections: Connection[] = [];
  beforeAll(async () => {
    a = await startWebhooks();
    b = await startWebhooks({ twinOf: a });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    for (const c of connections) await c.close();
    await b?.close();
    await a?.close();
    await receiver?.stop();
  });

  it('deliver each event once', async () => {
    const ada = userActor();
    const hook = await subscribe(a, ada, { url: receiver.url() });
    const producer = await producerBus(a);
    const events = [];
    for (let i = 0; i < 30; i++) events.push(await taskCreated(producer, ada.id));
    await producer.drain();
    await until(async () => receiver.received.length >= 30, 20_000);
    await sleep(500); // time for a duplicate to show up, if one were coming
    expect(receiver.received).toHaveLength(30);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
    const rows = await until(async () => {
      const log = await deliveries(b, ada, hook.id);
      return log.length === 30 && log.every((d) => d.status === 'succeeded') && log;
    });
    expect(rows.every((d) => d.attempts === 1)).toBe(true);
  });

  it("see each other's subscription changes at once, whatever they keep of the matches", async () => {
    // Each process's store, as its app wires it: matches kept a minute, changes announced.
    const [sa, sb] = [a, b].map((h) => {
      const store = new SubscriptionStore(webhookModels(h.ctx.db), {
        cacheMs: 60_000,
        announce: announceSubscriptionChange(h.ctx.bus),
      });
      followSubscriptionChanges(h.ctx.bus, () => store.changedElsewhere());
      return store;
    });
    const key = `user:${randomUUID()}`;
    const ids = async () => (await sb!.matching([key])).map((s) => s._id);
    expect(await ids()).toEqual([]); // b now keeps "none" for the key
    const made = await sa!.insert({
      ownerId: key.slice(5),
      teamId: null,
      url: 'https://example.com/hook',
      urlSetBy: key.slice(5),
      keyId: null,
      keyExpiresAt: null,
      events: ['*'],
      description: null,
      secret: 'sealed',
    });
    expect(await until(async () => (await ids()).includes(made._id), 2000)).toBe(true);
    await sa!.update(made._id, { active: false });
    expect(await until(async () => (await ids()).length === 0, 2000)).toBe(true);
    await sa!.update(made._id, { active: true });
    expect(await until(async () => (await ids()).length === 1, 2000)).toBe(true);
    await sa!.remove(made._id);
    expect(await until(async () => (await ids()).length === 0, 2000)).toBe(true);
  });

  it('let exactly one of many concurrent claims of a delivery win', async () => {
    const stores = [1, 2].map(() => {
      const c = connectMongo(a.ctx.config.MONGO_URL, a.ctx.config.MONGO_DB!);
      return c.then((conn) => {
        connections.push(conn);
        return new DeliveryStore(webhookModels(conn), a.ctx.config.WEBHOOKS_DELIVERY_RETENTION_MS);
      });
    });
    const [s1, s2] = await Promise.all(stores);
    // Due an hour ahead, claimed as of then: the running schedulers leave it alone.
    const now = new Date(Date.now() + 3_600_000);
    const { doc } = await s1!.record(
      {
        subscriptionId: randomUUID(),
        eventId: randomUUID(),
        eventType: 'task.created',
        body: '{}',
        audience: { userId: 'u', teamId: null },
      },
      new Date(now.getTime() - 1000),
    );
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? s1! : s2!).claim(doc._id, now, 60_000, `t${i}`),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The loser's claim token cannot write a result.
    const winner = claims.find(Boolean)!;
    // The claim moved dueAt to its end in the same write: no scheduler looks before then.
    expect(winner.dueAt).toEqual(new Date(now.getTime() + 60_000));
    const loser = winner.claimToken === 't0' ? 't1' : 't0';
    expect(
      await s1!.settle(doc._id, loser, { state: 'succeeded', nextAttemptAt: now, attempted: true }),
    ).toBeNull();
    expect(
      await s2!.settle(doc._id, winner.claimToken!, {
        state: 'succeeded',
        nextAttemptAt: now,
        attempted: true,
      }),
    ).toMatchObject({ state: 'succeeded', attempts: 1, claimToken: null, dueAt: now });
  });
});
