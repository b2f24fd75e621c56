import { describe, expect, it } from 'vitest';
import { DELETED_USER_ID } from '@momentum/contracts';
import { eventually } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { createProject, member, useProjectsApp } from './harness.js';

/** docs/SECURITY.md, Data protection: projects' part of an export and of an erasure. */
describe('projects: a person’s export and erasure', () => {
  const h = useProjectsApp();

  it('exports the projects a person created or leads; erasing keeps them, unattributed', async () => {
    const ada = member(h);
    const teamId = ada.teamIds[0]!;
    const bob = member(h, [teamId]);
    const made = await createProject(h, ada, { name: 'Made by Ada', leadId: ada.id });
    const led = await createProject(h, bob, { name: 'Led by Ada', leadId: ada.id });
    const other = await createProject(h, bob, { name: 'Bob’s own' });

    const out = await internalExport(h.app, ada.id);
    expect(out.status).toBe(200);
    expect((out.sections.projects as Array<{ _id: string }>).map((p) => p._id).sort()).toEqual(
      [made.id, led.id].sort(),
    );

    const probe = await erasureProbe(h.ctx.bus, 'projects');
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);
    const db = h.ctx.db.db!;
    expect(
      await db
        .collection('projects')
        .countDocuments({ $or: [{ createdBy: ada.id }, { leadId: ada.id }] } as never),
    ).toBe(0);
    expect(await db.collection('projects').findOne({ _id: made.id } as never)).toMatchObject({
      createdBy: DELETED_USER_ID,
      leadId: null,
    });
    expect(await db.collection('projects').findOne({ _id: led.id } as never)).toMatchObject({
      createdBy: bob.id,
      leadId: null,
    });
    expect(await db.collection('projects').findOne({ _id: other.id } as never)).toMatchObject({
      createdBy: bob.id,
    });
    expect((await internalExport(h.app, ada.id)).sections).toEqual({});
  });
});
