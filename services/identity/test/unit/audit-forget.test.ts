import { describe, expect, it } from 'vitest';
import { DELETED_USER_ID, DELETED_USER_NAME } from '@momentum/contracts';
import { forgetPeople } from '../../src/domain/audit.js';
import type { AuditDoc } from '../../src/store/models.js';

const ada = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const entry = (over: Partial<AuditDoc>): AuditDoc => ({
  _id: 'e1',
  teamId: 't1',
  type: 'invitation.created',
  actor: { type: 'user', id: bob },
  data: { teamId: 't1', userId: ada, email: 'ada@example.com', role: 'member' },
  people: [],
  at: new Date(0),
  expiresAt: new Date(1),
  ...over,
});

describe('forgetPeople', () => {
  it('replaces a deleted invitee by the deleted user, with their email', () => {
    const out = forgetPeople(entry({}), [ada]);
    expect(out.data).toEqual({
      teamId: 't1',
      userId: DELETED_USER_ID,
      email: null,
      role: 'member',
    });
    expect(out.actor).toEqual({ type: 'user', id: bob });
    expect(out.people).toEqual([bob, DELETED_USER_ID]);
  });

  it('forgets an invitation by email alone', () => {
    const byEmail = entry({ data: { teamId: 't1', email: 'ada@example.com', role: 'member' } });
    expect(forgetPeople(byEmail, [ada, 'ada@example.com']).data.email).toBeNull();
  });

  it('replaces a deleted actor and the name the event carried for them', () => {
    const out = forgetPeople(
      entry({
        data: { teamId: 't1', userId: bob, actorName: 'Ada' },
        actor: { type: 'user', id: ada },
      }),
      [ada],
    );
    expect(out.actor).toEqual({ type: 'user', id: DELETED_USER_ID });
    expect(out.data).toEqual({ teamId: 't1', userId: bob, actorName: DELETED_USER_NAME });
  });

  it('leaves an entry naming nobody deleted as it was', () => {
    const before = entry({ people: [bob, ada, 'ada@example.com'] });
    expect(forgetPeople(before, [])).toEqual(before);
  });
});
