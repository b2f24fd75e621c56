import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, type Actor } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import {
  deliveries,
  publish,
  sleep,
  startWebhooks,
  subscribe,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/**
 * Nothing outlives its key (docs/SECURITY.md): a subscription records the key that made it
 * and its deliveries stop once that key has expired or been revoked, the delivery log saying
 * which.
 */
describe('a webhook stops with the key that created it', () => {
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

  const levelUp = (actor: Actor) =>
    publish(h, EventTypes.habits.userLeveledUp, {
      userId: actor.id,
      level: 3,
      previousLevel: 2,
      xp: 300,
    });

  /** A user acting with key `keyId`, which identity calls live until told otherwise. */
  function withKey(keyExpiresAt: string | null = null) {
    const keyId = `k${randomUUID().slice(0, 8)}`;
    const actor = userActor({ keyId, keyExpiresAt });
    h.membership.keys.set(actor.id, new Set([keyId]));
    return { actor, keyId };
  }

  async function hookFor(actor: Actor) {
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, actor, { url: receiver.url(path) });
    return { hook, got: () => receiver.received.filter((r) => r.path === path) };
  }

  it('delivers while the key is live, and not once it is revoked', async () => {
    const { actor, keyId } = withKey();
    const { hook, got } = await hookFor(actor);
    const before = await levelUp(actor);
    await until(async () => got().length === 1);
    expect(got()[0]!.id).toBe(before.id);

    h.membership.keys.get(actor.id)!.delete(keyId);
    const after = await levelUp(actor);
    const skipped = await until(async () =>
      (await deliveries(h, actor, hook.id)).find(
        (d) => d.eventId === after.id && d.status === 'skipped',
      ),
    );
    expect(skipped).toMatchObject({
      attempts: 0,
      lastError: 'not sent: the API key that created this webhook was revoked',
    });
    await sleep(200);
    expect(got()).toHaveLength(1);
  });

  it('stops once the key has expired, even while identity still lists it', async () => {
    const { actor } = withKey(new Date(Date.now() + 1500).toISOString());
    const { hook, got } = await hookFor(actor);
    await levelUp(actor);
    await until(async () => got().length === 1);
    await sleep(1600);
    const after = await levelUp(actor);
    const skipped = await until(async () =>
      (await deliveries(h, actor, hook.id)).find(
        (d) => d.eventId === after.id && d.status === 'skipped',
      ),
    );
    expect(skipped).toMatchObject({
      lastError: 'not sent: the API key that created this webhook has expired',
    });
    expect(got()).toHaveLength(1);
  });

  it('postpones, never drops, while identity cannot say', async () => {
    const { actor } = withKey();
    const { hook, got } = await hookFor(actor);
    h.membership.failing = true;
    const event = await levelUp(actor);
    await sleep(300);
    expect(got()).toHaveLength(0);
    h.membership.failing = false;
    await until(async () => got().length === 1, 15_000);
    expect(got()[0]!.id).toBe(event.id);
    // The attempt's outcome is written once the receiver has answered: wait for it.
    const delivered = await until(async () =>
      (await deliveries(h, actor, hook.id)).find((d) => d.status === 'succeeded'),
    );
    expect(delivered).toMatchObject({ eventId: event.id });
  });
});
