import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo } from '@momentum/storage';
import { userActor } from '@momentum/testing';
import { webhookModels, type WebhookModels } from '../../src/store/models.js';
import { DeliveryStore } from '../../src/store/delivery-store.js';
import { sleep, startWebhooks, subscribe, until, type Harness } from './harness.js';
import { Receiver } from './receiver.js';

/** How long a finished delivery stays in the log here. */
const RETENTION_MS = 1_500;

/**
 * A finished delivery leaves the log a retention period after it finished: it carries
 * `expiresAt`, and the engine's TTL index deletes it then (the engine looks every second in
 * the tests, every minute by default, as MongoDB does). A pending one never leaves; a
 * redeliver takes the expiry away until the delivery finishes again.
 */
describe('delivery retention', () => {
  let h: Harness;
  let receiver: Receiver;
  let conn: Connection;
  let m: WebhookModels;
  let store: DeliveryStore;
  beforeAll(async () => {
    h = await startWebhooks({ env: { WEBHOOKS_DELIVERY_RETENTION_MS: String(RETENTION_MS) } });
    receiver = await Receiver.start();
    receiver.answer = (r) => ({ status: r.path.startsWith('/down') ? 503 : 200 });
    conn = await connectMongo(h.ctx.config.MONGO_URL, h.ctx.config.MONGO_DB!);
    m = webhookModels(conn);
    store = new DeliveryStore(m, RETENTION_MS);
  });
  afterAll(async () => {
    await conn?.close();
    await h?.close();
    await receiver?.stop();
  });

  /** A delivery of a new event to a new subscription at `path`, as the pipeline records it. */
  async function delivery(path: string) {
    const ada = userActor();
    const hook = await subscribe(h, ada, { url: receiver.url(`${path}/${randomUUID()}`) });
    const { doc } = await store.record(
      {
        subscriptionId: hook.id,
        eventId: randomUUID(),
        eventType: 'task.created',
        body: '{"type":"task.created"}',
        audience: { userId: ada.id, teamId: null },
      },
      new Date(),
    );
    return doc._id;
  }

  it('deletes a delivered one a retention period after it finished, and keeps a pending one', async () => {
    const [delivered, failing] = await Promise.all([delivery('/up'), delivery('/down')]);
    const finished = await until(async () => {
      const d = await store.find(delivered);
      return d?.state === 'succeeded' && d;
    });
    const settledAt = finished.lastAttemptAt!.getTime();
    expect(finished.expiresAt!.getTime()).toBeGreaterThanOrEqual(settledAt + RETENTION_MS);
    expect(finished.expiresAt!.getTime()).toBeLessThan(settledAt + RETENTION_MS + 1_000);
    await until(async () => (await store.find(delivered)) === null, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(finished.expiresAt!.getTime());
    // Retried meanwhile, still pending, never given an expiry.
    const pending = await store.find(failing);
    expect(pending).toMatchObject({ state: 'pending' });
    expect(pending!.attempts).toBeGreaterThan(0);
    expect(pending!.expiresAt).toBeUndefined();
  });

  it('a redeliver takes the expiry away until the delivery finishes again', async () => {
    const id = await delivery('/up');
    const first = await until(async () => {
      const d = await store.find(id);
      return d?.state === 'succeeded' && d;
    });
    const armed = await store.arm(id, first.gen, new Date());
    expect(armed).toMatchObject({ state: 'pending', gen: first.gen + 1 });
    expect(armed!.expiresAt).toBeUndefined();
    const again = await until(async () => {
      const d = await store.find(id);
      return d?.state === 'succeeded' && d.gen === first.gen + 1 && d;
    });
    expect(again.expiresAt!.getTime()).toBeGreaterThan(first.expiresAt!.getTime());
  });

  it('a delivery finished before expiresAt existed is given one at start, and then leaves', async () => {
    const id = await delivery('/up');
    await until(async () => (await store.find(id))?.state === 'succeeded');
    await m.Delivery.updateOne({ _id: id }, { $unset: { expiresAt: 1 } }, { timestamps: false });
    await sleep(RETENTION_MS + 1_500);
    expect(await store.find(id)).toMatchObject({ state: 'succeeded' });
    const twin = await startWebhooks({
      twinOf: h,
      env: { WEBHOOKS_DELIVERY_RETENTION_MS: String(RETENTION_MS) },
    });
    try {
      const dated = await until(async () => (await store.find(id))?.expiresAt);
      expect(dated!.getTime()).toBeGreaterThan(Date.now() - 1_000);
      await until(async () => (await store.find(id)) === null, 15_000);
    } finally {
      await twin.stop();
    }
  });
});
