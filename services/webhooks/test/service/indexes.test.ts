import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import {
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  deliveries,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

type Keys = Record<string, 1 | -1>;

/** An index serves a query when it starts with the filter's fields, then the sort's, in order. */
function serves(index: Keys, filter: string[], sort: Keys): boolean {
  const keys = Object.entries(index);
  const head = keys.slice(0, filter.length).map(([k]) => k);
  if (!filter.every((f) => head.includes(f))) return false;
  const tail = keys.slice(filter.length, filter.length + Object.keys(sort).length);
  const entries = Object.entries(sort);
  const same = entries.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === d);
  const reversed = entries.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === -d);
  return tail.length === entries.length && (same || reversed);
}

/** Every query the service makes, by collection: the filter's fields and the sort. */
const QUERIES: [collection: string, label: string, filter: string[], sort: Keys][] = [
  ['subscriptions', 'list and matching by key', ['key'], { createdAt: -1 }],
  ['deliveries', 'delivery log', ['subscriptionId'], { createdAt: -1 }],
  ['deliveries', 'delivery log by status', ['subscriptionId', 'state'], { createdAt: -1 }],
  ['deliveries', 'expiry (TTL) and the backfill of finished ones', ['expiresAt'], {}],
  ['deliveries', 'due deliveries, soonest first', ['state'], { dueAt: 1 }],
];

describe('webhooks: indexes serve every list and lookup', () => {
  let h: Harness;
  let receiver: Receiver;
  let engine: 'ferretdb' | 'mongodb';
  let deliveryId: string;
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
    const ada = userActor();
    const hook = await subscribe(h, ada, { url: receiver.url() });
    await taskCreated(h, ada.id);
    deliveryId = (await until(async () => (await deliveries(h, ada, hook.id))[0]))!.id;
    const info = await h.ctx.db.db!.command({ buildInfo: 1 });
    engine = 'ferretdbVersion' in info ? 'ferretdb' : 'mongodb';
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
  });

  it('declares an index for each query (filter, then sort)', async () => {
    for (const [collection, label, filter, sort] of QUERIES) {
      const indexes = (await h.ctx.db.collection(collection).indexes()).map((i) => i.key as Keys);
      expect(
        indexes.some((ix) => serves(ix, filter, sort)),
        label,
      ).toBe(true);
    }
  });

  it('deletes finished deliveries by a TTL index on expiresAt', async () => {
    const expiry = (await h.ctx.db.collection('deliveries').indexes()).find(
      (i) => i.name === 'expiry',
    );
    expect(expiry).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
  });

  it('claims and settles a delivery through the _id index', async () => {
    const now = new Date();
    for (const filter of [
      { _id: deliveryId },
      {
        _id: deliveryId,
        state: 'pending',
        nextAttemptAt: { $lte: now },
        claimedUntil: { $lt: now },
      },
      { _id: deliveryId, claimToken: 'x' },
    ]) {
      const plan = await h.ctx.db.db!.command({
        explain: { find: 'deliveries', filter },
        verbosity: 'queryPlanner',
      });
      if (engine === 'ferretdb') expect(plan.filterPushdown, JSON.stringify(filter)).toBe(true);
      else
        expect(JSON.stringify(plan.queryPlanner.winningPlan)).toMatch(
          /IDHACK|EXPRESS_IXSCAN|IXSCAN/,
        );
    }
  });

  it('runs the due query on its index, saturated subscriptions left out, up to its limit', async () => {
    for (const skip of [[], [deliveryId.split(':')[0]!, 'some-other-subscription']]) {
      const filter = {
        state: 'pending',
        dueAt: { $lte: new Date() },
        ...(skip.length ? { subscriptionId: { $nin: skip } } : {}),
      };
      const plan = await h.ctx.db.db!.command({
        explain: { find: 'deliveries', filter, sort: { dueAt: 1 }, limit: 64 },
        verbosity: 'queryPlanner',
      });
      if (engine === 'mongodb') {
        const winning = JSON.stringify(plan.queryPlanner.winningPlan);
        expect(winning).toContain('IXSCAN');
        expect(winning).not.toContain('"SORT"');
      } else {
        // SQL over the index, the whole filter, sorted and stopped at the limit there.
        expect(plan.queryPlanner.exact, JSON.stringify(filter)).toBe(true);
        expect(plan.sortPushdown && plan.limitPushdown).toBe(true);
        // The engine writes an upper-case letter of a name as `^` and the letter in lower case
        // (SQLite's names ignore case): `state_1_dueAt_1` is `state_1_due^at_1` there.
        expect(JSON.stringify(plan.queryPlanner.Plan)).toContain('state_1_due^at_1');
      }
    }
  });
});
