import { afterAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import {
  deliveries,
  producerBus,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/**
 * A receiver that is down for a while, and the webhooks service itself restarted in the
 * middle: every event still arrives once the receiver is back, from the new process.
 */
describe('a receiver that is down, and a webhooks restart', () => {
  const open: Harness[] = [];
  let receiver: Receiver | undefined;
  afterAll(async () => {
    for (const h of open) await h.close();
    await receiver?.stop();
  });

  it('delivers every event once the receiver comes back, across a restart', async () => {
    receiver = await Receiver.start();
    await receiver.stop(); // its port is known, nothing listens there
    const first = await startWebhooks();
    open.push(first);
    const user = userActor();
    const hook = await subscribe(first, user, { url: receiver.url() });
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await taskCreated(first, user.id));
    // Every delivery has been tried and is waiting for its next attempt.
    const log = await until(async () => {
      const rows = await deliveries(first, user, hook.id);
      return rows.length === 5 && rows.every((r) => r.attempts >= 1) && rows;
    });
    for (const row of log) {
      expect(row.status).toBe('pending');
      expect(row.lastError).toMatch(/^network/);
      expect(row.lastResponseCode).toBeNull();
      expect(row.nextAttemptAt).toEqual(expect.any(String));
    }

    // The process stops (its records stay); an event comes while no process runs.
    await first.stop();
    const producer = await producerBus(first);
    events.push(await taskCreated(producer, user.id));
    await producer.drain();

    await receiver.listen();
    const third = await startWebhooks({ twinOf: first, ownsDatabase: true });
    open.unshift(third);
    await until(async () => new Set(receiver!.received.map((r) => r.id)).size === 6, 20_000);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
    const done = await until(async () => {
      const rows = await deliveries(third, user, hook.id);
      return rows.length === 6 && rows.every((r) => r.status === 'succeeded') && rows;
    });
    expect(done.filter((r) => r.attempts > 1).length).toBeGreaterThanOrEqual(5);
  });
});
