import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_ID } from '@momentum/contracts';
import { eventually, userActor } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { dailyBody, habitBody, todoBody, startHabits, type Habits } from './harness.js';

/** docs/SECURITY.md, Data protection: habits' part of an export and of an erasure. */
describe('habits: a person’s export and erasure', () => {
  let h: Habits;
  let probe: Awaited<ReturnType<typeof erasureProbe>>;
  beforeAll(async () => {
    h = await startHabits();
    probe = await erasureProbe(h.ctx.bus, 'habits');
  });
  afterAll(() => h?.close());

  const db = () => h.ctx.db.db!;
  const teamId = '7b0f3c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e';

  async function seed() {
    const ada = userActor({ teamIds: [teamId] });
    const bob = userActor({ teamIds: [teamId] });
    const own = (await h.as(ada).post('/api/tasks', todoBody())).json().data.id as string;
    const shared = (await h.as(ada).post('/api/tasks', dailyBody({ teamId }))).json().data
      .id as string;
    expect((await h.as(ada).post(`/api/tasks/${own}/complete`)).statusCode).toBe(200);
    expect((await h.as(ada).post(`/api/tasks/${shared}/complete`)).statusCode).toBe(200);
    const bobs = (await h.as(bob).post('/api/tasks', habitBody())).json().data.id as string;
    return { ada, bob, own, shared, bobs };
  }

  it('exports the profile, tasks and completions as NDJSON sections', async () => {
    const { ada, own, shared } = await seed();
    const out = await internalExport(h.app, ada.id);
    expect(out.status).toBe(200);
    expect(out.type).toContain('application/x-ndjson');
    expect(out.sections.profile).toEqual([
      expect.objectContaining({ _id: ada.id, xp: expect.any(Number) }),
    ]);
    expect((out.sections.tasks as Array<{ _id: string }>).map((t) => t._id).sort()).toEqual(
      [own, shared].sort(),
    );
    expect(out.sections.completions).toHaveLength(2);
    expect(JSON.stringify(out.sections)).not.toContain('_outbox');
  });

  it('erases personal tasks, completions and the profile; team tasks stay as the deleted user', async () => {
    const { ada, bob, own, shared, bobs } = await seed();
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);
    expect(probe.confirmed.find((c) => c.deletionId === deletionId)).toEqual({
      deletionId,
      userId: ada.id,
      service: 'habits',
    });
    for (const name of ['tasks', 'profiles', 'completions']) {
      const left = await db()
        .collection(name)
        .find({
          $or: [
            { _id: ada.id },
            { userId: ada.id },
            { createdBy: ada.id },
            { completedBy: ada.id },
          ],
        } as never)
        .toArray();
      expect(left, name).toEqual([]);
    }
    expect(
      await db()
        .collection('tasks')
        .findOne({ _id: own } as never),
    ).toBeNull();
    expect(
      await db()
        .collection('tasks')
        .findOne({ _id: shared } as never),
    ).toMatchObject({
      userId: DELETED_USER_ID,
      teamId,
    });
    // Others' things are untouched.
    expect(
      await db()
        .collection('tasks')
        .findOne({ _id: bobs } as never),
    ).toMatchObject({
      userId: bob.id,
    });
    expect((await internalExport(h.app, ada.id)).sections).toEqual({});
  });

  it('confirms again when the request is repeated, erasing nothing more', async () => {
    const { ada } = await seed();
    const deletionId = await probe.request(ada.id);
    await probe.request(ada.id, deletionId);
    await eventually(async () => probe.count(deletionId) >= 2, 10_000);
    expect(
      await db()
        .collection('profiles')
        .countDocuments({ _id: ada.id } as never),
    ).toBe(0);
  });
});
