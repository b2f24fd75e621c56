import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_ID, EventTypes, type MembershipEventData } from '@momentum/contracts';
import { eventually, userActor } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { inbox, publish, startNotifications, type Harness } from './harness.js';

/** docs/SECURITY.md, Data protection: notifications' part of an export and of an erasure. */
describe('notifications: a person’s export and erasure', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startNotifications();
  });
  afterAll(() => h?.close());

  it('exports the inbox; erasing empties it and renames the person where they acted', async () => {
    const team = randomUUID();
    const ada = userActor({ name: 'Ada', teamIds: [team] });
    const bob = userActor({ name: 'Bob', teamIds: [team] });
    h.audience.join(ada.id, team).join(bob.id, team);
    const added = (userId: string, actorName: string): MembershipEventData => ({
      teamId: team,
      userId,
      role: 'member',
      teamName: 'Platform',
      actorName,
    });
    await publish(h, EventTypes.identity.membershipAdded, added(ada.id, 'Bob'), bob);
    await publish(h, EventTypes.identity.membershipAdded, added(bob.id, 'Ada'), ada);
    await inbox(h, ada).holding(1);
    const [bobs] = await inbox(h, bob).holding(1);
    expect(bobs!.actor).toMatchObject({ id: ada.id });

    const out = await internalExport(h.app, ada.id);
    expect(out.sections.notifications).toEqual([
      expect.objectContaining({ recipientId: ada.id, type: 'team.member_added' }),
    ]);

    const probe = await erasureProbe(h.ctx.bus, 'notifications');
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);
    const db = h.ctx.db;
    expect(
      await db
        .collection('notifications')
        .countDocuments({ $or: [{ recipientId: ada.id }, { 'actor.id': ada.id }] } as never),
    ).toBe(0);
    const [kept] = (await inbox(h, bob).list()).json().data;
    expect(kept.actor).toEqual({ type: 'user', id: DELETED_USER_ID, name: 'Deleted user' });
    expect((await internalExport(h.app, ada.id)).sections).toEqual({});
  });
});
