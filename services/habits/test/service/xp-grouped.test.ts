import { describe, expect, it, vi } from 'vitest';
import { userActor, useStarted } from '@momentum/testing';
import { uuidv7 } from '@momentum/contracts';
import { ProfileStore } from '../../src/store/profile-store.js';
import { TaskStore } from '../../src/store/task-store.js';
import type { HabitsModels, PendingXp } from '../../src/store/models.js';
import { XP_APPLIED_KEPT, XP_APPLIED_TRIM_AT } from '../../src/domain/xp-applied.js';
import { habitBody, startHabits } from './harness.js';

/**
 * One user's XP asked for while a write of theirs is out goes in one write (group commit),
 * and their profile's reads asked for while one is out share the next:
 * the XP adds up as if each completion had been written in turn, each level is crossed by
 * exactly one completion, and a completion the profile already holds is not added again.
 * A task's entry, once applied, leaves the task in one write when it waits alone, and
 * leaves any other waiting.
 */
describe('habits service: the XP of many completions at once', () => {
  const h = useStarted(() => startHabits());
  const models = () =>
    ({
      Task: h.ctx.db.model('Task'),
      Profile: h.ctx.db.model('Profile'),
      Completion: h.ctx.db.model('Completion'),
    }) as unknown as HabitsModels;
  /** A store as the app makes it: tasks answer which ids still wait, warnings to a spy. */
  const profileStore = () => new ProfileStore(models(), new TaskStore(models()), { warn: vi.fn() });

  it('adds the XP of 16 concurrent completions once each, and announces each level once', async () => {
    const ada = h.as(userActor());
    const ids: string[] = [];
    for (let i = 0; i < 16; i++)
      ids.push((await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id);
    const results = await Promise.all(ids.map((id) => ada.post(`/api/tasks/${id}/complete`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    const data = results.map((r) => r.json().data);
    const total = data.reduce((sum, d) => sum + d.xpEarned, 0);
    const profile = (await ada.get('/api/profile')).json().data;
    expect(profile.xp).toBe(total);
    const crossed = data.filter((d) => d.leveledUp).map((d) => d.newLevel);
    expect(crossed.sort((a, b) => a - b)).toEqual(
      Array.from({ length: profile.level - 1 }, (_, i) => i + 2),
    );
    const stored = await h.ctx.db.collection('profiles').findOne({ _id: profile.userId });
    expect(stored?.announcedLevels).toHaveLength(profile.level - 1);
    // Settled with each task's outbox pull, right after the reply.
    for (const id of ids) {
      await expect
        .poll(
          async () => (await h.ctx.db.collection('tasks').findOne({ _id: id as never }))?.xpPending,
        )
        .toBeUndefined();
    }
  });

  it('takes a completion’s events and XP off its task in one write once the XP is applied', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    const stored = () => h.ctx.db.collection('tasks').findOne({ _id: id as never });
    // The creation's own pull first.
    await expect.poll(stored).toMatchObject({ _outbox: [] });
    const tasks = models().Task.collection;
    const updates = vi.spyOn(tasks, 'updateOne');
    const bulks = vi.spyOn(tasks, 'bulkWrite');
    const done = await ada.post(`/api/tasks/${id}/complete`);
    expect(done.statusCode).toBe(200);
    await expect.poll(stored).toMatchObject({ _outbox: [] });
    const task = await stored();
    expect(task?.xpPending).toBeUndefined();
    expect(task?.xpPendingSince).toBeUndefined();
    const onTask = updates.mock.calls.filter(
      ([filter]) => (filter as { _id?: unknown })._id === id,
    );
    expect(onTask).toHaveLength(1);
    expect(onTask[0]![1]).toMatchObject({
      $pull: { _outbox: { id: { $in: [expect.any(String)] } } },
      $unset: { xpPending: '', xpPendingSince: '' },
    });
    expect(bulks).not.toHaveBeenCalled();
    updates.mockRestore();
    bulks.mockRestore();
  });

  it('settles concurrent completions with their pulls several tasks a command, each exactly', async () => {
    const ada = h.as(userActor());
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push((await ada.post('/api/tasks', habitBody({ difficulty: 'easy' }))).json().data.id);
    const stored = (id: string) => h.ctx.db.collection('tasks').findOne({ _id: id as never });
    for (const id of ids) await expect.poll(() => stored(id)).toMatchObject({ _outbox: [] });
    const collection = models().Task.collection;
    const bulks = vi.spyOn(collection, 'bulkWrite');
    // The first pull sent alone is held a while, so the other completions' settles queue
    // behind it and go out together, however fast the engine answers the first.
    const updateOne = collection.updateOne.bind(collection);
    let held = false;
    const updates = vi.spyOn(collection, 'updateOne').mockImplementation((async (
      ...args: Parameters<typeof updateOne>
    ) => {
      if (!held && '$pull' in (args[1] as object)) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return updateOne(...args);
    }) as never);
    const done = await Promise.all(ids.map((id) => ada.post(`/api/tasks/${id}/complete`)));
    expect(done.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (const id of ids) {
      await expect
        .poll(async () => {
          const task = await stored(id);
          return { outbox: task?._outbox, pending: task?.xpPending ?? null };
        })
        .toEqual({ outbox: [], pending: null });
      expect(await stored(id)).not.toHaveProperty('xpPendingSince');
    }
    // The settles that came while one was out went as one command, a statement a task,
    // each the task's pull with its XP's settling.
    const statements = bulks.mock.calls.flatMap(([ops]) => ops);
    expect(statements.length).toBeGreaterThan(1);
    for (const op of statements)
      expect(op).toMatchObject({
        updateOne: {
          filter: { xpPending: [expect.objectContaining({ xp: expect.any(Number) })] },
          update: {
            $pull: { _outbox: { id: { $in: [expect.any(String)] } } },
            $unset: { xpPending: '', xpPendingSince: '' },
          },
        },
      });
    // Whether a first pull went out alone (and was held) depends on how the completions'
    // settles fell into turns; when none did, they all went in bulk, which the above shows.
    updates.mockRestore();
    bulks.mockRestore();
  });

  it('settles two completions of one habit at once, each once, whichever finds the other waiting', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    const both = await Promise.all([1, 2].map(() => ada.post(`/api/tasks/${id}/complete`)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const earned = both.reduce((sum, r) => sum + (r.json().data.xpEarned as number), 0);
    await expect
      .poll(async () => {
        const task = await h.ctx.db.collection('tasks').findOne({ _id: id as never });
        return { outbox: task?._outbox, pending: task?.xpPending ?? null };
      })
      .toEqual({ outbox: [], pending: null });
    expect((await ada.get('/api/profile')).json().data.xp).toBe(earned);
  });

  it('writes the XP asked for meanwhile together, with each total as if written in turn', async () => {
    const profiles = profileStore();
    const write = vi.spyOn(models().Profile, 'findOneAndUpdate');
    const now = new Date();
    const results = await Promise.all(
      [1, 2, 3, 4].map((xp) => profiles.applyXp('grouped-user', `c${xp}`, xp, now)),
    );
    // The first alone, the three asked for while it was out in one more.
    expect(write).toHaveBeenCalledTimes(2);
    write.mockRestore();
    expect(results).toEqual([
      { total: 1, applied: true },
      { total: 3, applied: true },
      { total: 6, applied: true },
      { total: 10, applied: true },
    ]);
  });

  it('adds a group holding a completion the profile has already: the others once, not that one', async () => {
    const profiles = profileStore();
    const now = new Date();
    await profiles.applyXp('regrouped-user', 'a', 5, now);
    const results = await Promise.all([
      profiles.applyXp('regrouped-user', 'x', 1, now),
      profiles.applyXp('regrouped-user', 'b', 2, now),
      profiles.applyXp('regrouped-user', 'a', 5, now),
      profiles.applyXp('regrouped-user', 'c', 3, now),
    ]);
    expect(results.map((r) => r.applied)).toEqual([true, true, false, true]);
    expect((await profiles.get('regrouped-user')).xp).toBe(11);
    expect(results[3]).toEqual({ total: 11, applied: true });
  });

  it('judges a completion id of before the time order by its list only until the first trim', async () => {
    const profiles = profileStore();
    const now = new Date();
    await profiles.applyXp('legacy-user', 'legacy-a', 1, now);
    expect(await profiles.applyXp('legacy-user', 'legacy-a', 1, now)).toEqual({
      total: 1,
      applied: false,
    });
    // Enough time-ordered completions for a trim, which drops the old id (no task waits on it).
    for (let i = 0; i < XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT; i++)
      await profiles.applyXp('legacy-user', uuidv7(), 1, now);
    const stored = await h.ctx.db.collection('profiles').findOne({ _id: 'legacy-user' as never });
    expect(stored?.xpApplied).not.toContain('legacy-a');
    expect(stored?.xpApplied.length).toBeLessThan(XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT);
    expect(typeof stored?.xpForgotten).toBe('string');
    // Neither the dropped id nor an unseen one of that kind is added blindly now.
    for (const id of ['legacy-a', 'legacy-b'])
      expect(await profiles.applyXp('legacy-user', id, 1, now)).toEqual({
        total: 1 + XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT,
        applied: false,
        unjudged: true,
      });
  });

  it("reads a user's profile once for the reads asked while one is out, after any write", async () => {
    const profiles = profileStore();
    const now = new Date();
    await profiles.update('read-user', { timezone: 'Europe/Berlin' }, now);
    const read = vi.spyOn(models().Profile.collection, 'findOne');
    const reads = await Promise.all([1, 2, 3, 4, 5].map(() => profiles.get('read-user')));
    expect(read).toHaveBeenCalledTimes(2);
    read.mockRestore();
    expect(reads.map((p) => p.timezone)).toEqual(Array(5).fill('Europe/Berlin'));
    await profiles.update('read-user', { timezone: 'Asia/Tokyo' }, now);
    expect((await profiles.get('read-user')).timezone).toBe('Asia/Tokyo');
  });

  it('settles one entry of a task whose list holds another: the other keeps waiting', async () => {
    const tasks = h.ctx.db.collection('tasks');
    const entry = (id: string, at: Date): PendingXp => ({
      id,
      actor: { type: 'user', id: 'u', userId: 'u' },
      xp: 3,
      at,
    });
    const first = entry('first', new Date('2025-03-10T12:00:00Z'));
    const second = entry('second', new Date('2025-03-10T12:00:01Z'));
    await tasks.insertOne({
      _id: 'two-pending' as never,
      xpPending: [first, second],
      xpPendingSince: first.at,
    });
    const store = new TaskStore(models());
    await store.settleXp('two-pending', first);
    expect(await tasks.findOne({ _id: 'two-pending' as never })).toMatchObject({
      xpPending: [second],
      xpPendingSince: first.at,
    });
    await store.settleXp('two-pending', second);
    const settled = await tasks.findOne({ _id: 'two-pending' as never });
    expect(settled?.xpPending).toBeUndefined();
    expect(settled?.xpPendingSince).toBeUndefined();
  });
});
