import { describe, expect, it } from 'vitest';
import { unserved } from '../../../../test/support/index-shapes.js';
import { useHarness } from '../support/harness.js';

describe('agents: indexes serve every list and lookup', () => {
  const h = useHarness();

  it('declares an index for the owner’s list, the team and owner lookups and key verification', async () => {
    expect(
      await unserved(h.ctx.db, [
        // AgentStore.list: live agents of one owner, newest first, ties by id.
        {
          label: 'owner list',
          collection: 'agents',
          equal: ['ownerId', 'deletedAt'],
          sort: { createdAt: -1, _id: 1 },
        },
        // AgentStore.lookup: live agents of a team, or of owners.
        { label: 'team lookup', collection: 'agents', equal: ['teamId', 'deletedAt'], sort: {} },
        { label: 'owner lookup', collection: 'agents', equal: ['ownerId', 'deletedAt'], sort: {} },
        // AgentStore.findByKeyId: the live agent holding a key id.
        {
          label: 'key verification',
          collection: 'agents',
          equal: ['keyId', 'deletedAt'],
          sort: {},
        },
      ]),
    ).toEqual([]);
  });
});
