import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unserved } from '../../../../test/support/index-shapes.js';
import { startIdentity, type Identity } from './harness.js';

describe('identity: indexes serve every list and lookup', () => {
  let h: Identity;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(async () => h?.close());

  it('declares an index for memberships both ways, keys and the bootstrap admin', async () => {
    expect(
      await unserved(h.ctx.db, [
        {
          label: 'teams of a user',
          collection: 'memberships',
          equal: ['userId', 'removedAt'],
          sort: {},
        },
        {
          label: 'members of a team',
          collection: 'memberships',
          equal: ['teamId', 'removedAt'],
          sort: {},
        },
        {
          label: 'one membership',
          collection: 'memberships',
          equal: ['teamId', 'userId'],
          sort: {},
        },
        { label: 'key by key id', collection: 'user_keys', equal: ['keyId'], sort: {} },
        {
          label: 'active keys of a user',
          collection: 'user_keys',
          equal: ['userId', 'revokedAt'],
          sort: { createdAt: 1 },
        },
        { label: 'team by key', collection: 'teams', equal: ['key'], sort: {} },
        { label: 'bootstrap admin', collection: 'users', equal: ['bootstrap'], sort: {} },
      ]),
    ).toEqual([]);
  });
});
