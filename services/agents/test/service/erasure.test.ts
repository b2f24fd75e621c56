import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DELETED_USER_ID, EventTypes, SYSTEM_ACTOR } from '@momentum/contracts';
import { eventually } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { useHarness } from '../support/harness.js';

/** docs/SECURITY.md, Data protection: agents' part of an export and of an erasure. */
describe('agents: a person’s export and erasure', () => {
  const h = useHarness();

  it('exports the agents a person owns without key hashes; erasing deletes and disowns them', async () => {
    const team = randomUUID();
    const ada = h.user([team]);
    const bob = h.user([team]);
    const make = async (actor: typeof ada, name: string) =>
      (
        await h.as(actor, { method: 'POST', url: '/api/agents', payload: { name, teamId: team } })
      ).json().data.id as string;
    const bot = await make(ada, 'Ada bot');
    const keyed = await make(ada, 'Ada keyed bot');
    const minted = await h.as(ada, { method: 'POST', url: `/api/agents/${keyed}/api-key` });
    expect(minted.statusCode).toBe(201);
    const keyId = /^svc_a([0-9a-f]{24})_/.exec(minted.json().data.apiKey)![1]!;
    const bobs = await make(bob, 'Bob bot');

    const out = await internalExport(h.app, ada.id);
    expect((out.sections.agents as Array<{ _id: string }>).map((a) => a._id).sort()).toEqual(
      [bot, keyed].sort(),
    );
    expect(JSON.stringify(out.sections)).not.toMatch(/keyHash|\$2[aby]\$/);

    const probe = await erasureProbe(h.ctx.bus, 'agents');
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);

    const db = h.ctx.db.db!;
    expect(await db.collection('agents').countDocuments({ ownerId: ada.id } as never)).toBe(0);
    const kept = await db.collection('agents').findOne({ _id: keyed } as never);
    expect(kept).toMatchObject({
      ownerId: DELETED_USER_ID,
      isActive: false,
      keyId: null,
      keyHash: null,
    });
    expect(kept!.deletedAt).toBeInstanceOf(Date);
    // The key stops at once: gateways are told, and verification finds no agent.
    expect(
      h.events.filter(
        (e) => e.type === EventTypes.agents.agentDeleted && (e.data as { id: string }).id === keyed,
      ),
    ).toHaveLength(1);
    const record = await h.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` });
    expect(record.statusCode).toBe(404);
    expect(await db.collection('agents').findOne({ _id: bobs } as never)).toMatchObject({
      ownerId: bob.id,
      deletedAt: null,
    });

    // Again: nothing more to delete, confirmed again.
    await probe.request(ada.id, deletionId);
    await eventually(async () => probe.count(deletionId) >= 2, 10_000);
    expect(
      h.events.filter(
        (e) => e.type === EventTypes.agents.agentDeleted && (e.data as { id: string }).id === keyed,
      ),
    ).toHaveLength(1);
  });
});
