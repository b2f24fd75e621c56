import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import {
  client,
  deliveries,
  publish,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/** Access is decided when a delivery is attempted, not when the event came in. */
describe('what a subscriber may receive', () => {
  let h: Harness;
  let receiver: Receiver;
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
  });

  it('stops delivering a team’s events to a member who left the team', async () => {
    const team = randomUUID();
    const ada = userActor({ teamIds: [team] });
    h.membership.join(ada.id, team);
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path), teamId: team });
    const got = () => receiver.received.filter((r) => r.path === path);

    const before = await taskCreated(h, randomUUID(), team);
    await until(async () => got().length === 1);
    expect(got()[0]!.id).toBe(before.id);

    h.membership.leave(ada.id, team);
    const after = await taskCreated(h, randomUUID(), team);
    const skipped = await until(async () =>
      (await deliveries(h, ada, hook.id)).find(
        (d) => d.eventId === after.id && d.status === 'skipped',
      ),
    );
    expect(skipped).toMatchObject({
      attempts: 0,
      lastError: 'not sent: the subscriber can no longer see this event',
    });
    await sleep(200);
    expect(got()).toHaveLength(1);
  });

  it("does not hand a personal webhook another user's things, nor a team's", async () => {
    const team = randomUUID();
    const ada = userActor({ teamIds: [team] });
    h.membership.join(ada.id, team);
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path) });
    const got = () => receiver.received.filter((r) => r.path === path);
    await taskCreated(h, randomUUID(), team); // a teammate's task
    await publish(h, EventTypes.habits.userLeveledUp, {
      userId: randomUUID(),
      level: 3,
      previousLevel: 2,
      xp: 300,
    });
    const mine = await publish(h, EventTypes.habits.userLeveledUp, {
      userId: ada.id,
      level: 3,
      previousLevel: 2,
      xp: 300,
    });
    await until(async () => got().length === 1);
    await sleep(200);
    expect(got().map((r) => r.id)).toEqual([mine.id]);
    expect(await deliveries(h, ada, hook.id)).toHaveLength(1);
  });

  it('waits, and does not send, while identity cannot say who is a member', async () => {
    const team = randomUUID();
    const ada = userActor({ teamIds: [team] });
    h.membership.join(ada.id, team);
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path), teamId: team });
    const got = () => receiver.received.filter((r) => r.path === path);
    h.membership.failing = true;
    try {
      await taskCreated(h, randomUUID(), team);
      await until(async () => (await deliveries(h, ada, hook.id)).length === 1);
      await sleep(300);
      expect(got()).toHaveLength(0);
      expect((await deliveries(h, ada, hook.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 0,
      });
    } finally {
      h.membership.failing = false;
    }
    await until(async () => got().length === 1, 10_000);
  });

  it('does not send the pending deliveries of a paused webhook', async () => {
    const ada = userActor();
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path) });
    receiver.answer = (r) => (r.path === path ? { status: 503 } : { status: 200 });
    const event = await taskCreated(h, ada.id);
    await until(async () => (await deliveries(h, ada, hook.id))[0]?.attempts >= 1);
    await client(() => h, ada).patch(`/api/webhooks/${hook.id}`, { active: false });
    // Still failing: an attempt that began before the pause must not turn into a success.
    const row = await until(async () => {
      const [d] = await deliveries(h, ada, hook.id);
      return d?.status === 'skipped' && d;
    });
    receiver.answer = () => ({ status: 200 });
    expect(row).toMatchObject({
      eventId: event.id,
      lastError: 'not sent: the subscription is paused',
    });
    const refused = await client(() => h, ada).post(
      `/api/webhooks/${hook.id}/deliveries/${row.id}/redeliver`,
    );
    expect(refused.statusCode).toBe(409);
  });
});
