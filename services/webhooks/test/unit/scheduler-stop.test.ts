import { describe, expect, it } from 'vitest';
import { DeliveryScheduler } from '../../src/delivery/scheduler.js';
import { SubscriptionLimits } from '../../src/delivery/limits.js';
import type { DeliveryStore } from '../../src/store/delivery-store.js';
import type { DeliveryDoc } from '../../src/store/models.js';

const silent = { info() {}, warn() {}, error() {} };

/** A promise and the function that settles it. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * Stopping while a claim is being written: the claim lands in the database whatever this
 * process does next, so its attempt must run before stop() resolves. Otherwise the delivery
 * stays claimed by a process that is gone, and waits out the claim (attempt timeout + margin).
 */
describe('delivery scheduler: stop', () => {
  it('waits for a claim in flight and the attempt it starts', async () => {
    const claimWritten = gate<DeliveryDoc>();
    const claimAsked = gate<void>();
    const attempted: string[] = [];
    const store = {
      due: async () => [{ _id: 'd1', subscriptionId: 's1', dueAt: new Date(0) }],
      claim: async () => {
        claimAsked.open();
        return claimWritten.promise;
      },
      backfillDueAt: async () => 0,
    } as unknown as DeliveryStore;
    const scheduler = new DeliveryScheduler(
      {
        deliveries: store,
        limits: new SubscriptionLimits({ concurrency: 4, ratePerSecond: 100 }),
        attempt: async (claimed) => {
          await new Promise((r) => setTimeout(r, 20));
          attempted.push(claimed._id);
        },
        log: silent,
      },
      { intervalMs: 60_000, concurrency: 4, claimMs: 1_000 },
    );
    scheduler.start();
    await claimAsked.promise;
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    claimWritten.open({ _id: 'd1', subscriptionId: 's1' } as DeliveryDoc);
    await stopping;
    expect(attempted).toEqual(['d1']);
  });

  it('claims nothing once stopped', async () => {
    let claims = 0;
    const store = {
      due: async () => [{ _id: 'd1', subscriptionId: 's1', dueAt: new Date(0) }],
      claim: async () => {
        claims++;
        return null;
      },
      find: async () => null,
      backfillDueAt: async () => 0,
    } as unknown as DeliveryStore;
    const scheduler = new DeliveryScheduler(
      {
        deliveries: store,
        limits: new SubscriptionLimits({ concurrency: 4, ratePerSecond: 100 }),
        attempt: async () => undefined,
        log: silent,
      },
      { intervalMs: 5, concurrency: 4, claimMs: 1_000 },
    );
    scheduler.start();
    await scheduler.stop();
    const before = claims;
    await new Promise((r) => setTimeout(r, 50));
    scheduler.kick();
    expect(claims).toBe(before);
  });
});
