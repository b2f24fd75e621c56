import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually, userActor, useStarted } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { startWebhooks, subscribe, taskCreated, type Harness } from './harness.js';

/** docs/SECURITY.md, Data protection: webhooks' part of an export and of an erasure. */
describe('webhooks: a person’s export and erasure', () => {
  const h: Harness = useStarted(() => startWebhooks());
  const url = 'http://127.0.0.1:9/hook';

  it('exports subscriptions without secrets; erasing removes them and their deliveries', async () => {
    const team = randomUUID();
    const ada = userActor({ teamIds: [team] });
    const bob = userActor({ teamIds: [team] });
    h.membership.join(ada.id, team);
    const personal = await subscribe(h, ada, { url, events: ['task.created'] });
    const teamHook = await subscribe(h, ada, { url, teamId: team, events: ['*'] });
    const bobs = await subscribe(h, bob, { url, events: ['task.created'] });
    await taskCreated(h, ada.id);
    const db = h.ctx.db;
    await eventually(
      async () =>
        (await db
          .collection('deliveries')
          .countDocuments({ subscriptionId: personal.id } as never)) > 0,
      10_000,
    );

    const out = await internalExport(h.app, ada.id);
    expect((out.sections.subscriptions as Array<{ _id: string }>).map((s) => s._id).sort()).toEqual(
      [personal.id, teamHook.id].sort(),
    );
    expect(JSON.stringify(out.sections)).not.toMatch(/"secret"|"previousSecret"|whsec_/);

    const probe = await erasureProbe(h.ctx.bus, 'webhooks');
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);
    expect(await db.collection('subscriptions').countDocuments({ ownerId: ada.id } as never)).toBe(
      0,
    );
    expect(
      await db
        .collection('deliveries')
        .countDocuments({ subscriptionId: { $in: [personal.id, teamHook.id] } } as never),
    ).toBe(0);
    expect(await db.collection('subscriptions').countDocuments({ _id: bobs.id } as never)).toBe(1);
    expect((await internalExport(h.app, ada.id)).sections).toEqual({});
  });
});
