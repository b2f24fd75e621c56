import { describe, expect, it, vi } from 'vitest';
import { userActor, useStarted } from '@momentum/testing';
import type { HabitsDeps } from '../../src/deps.js';
import { awardXp } from '../../src/usecases/award-xp.js';
import { ProfileStore } from '../../src/store/profile-store.js';
import { TaskStore } from '../../src/store/task-store.js';
import type { HabitsModels, PendingXp } from '../../src/store/models.js';
import { XP_APPLIED_KEPT, XP_APPLIED_TRIM_AT } from '../../src/domain/xp-applied.js';
import { habitBody, startHabits, todoBody, type CompletionFaults } from './harness.js';

type Step = keyof CompletionFaults;

/**
 * A completion's XP is carried by the task's own write and reaches the profile from it:
 * a process dying between the task write and the profile's (a hook that throws there)
 * loses no XP — the recovery applies it from the task — and a step repeated after a crash
 * applies nothing twice.
 */
describe('habits service: a completion that dies half-way', () => {
  let crashAt: Step | null = null;
  const crash = (step: Step) => () => {
    if (crashAt !== step) return;
    crashAt = null;
    throw new Error(`simulated crash ${step}`);
  };
  const h = useStarted(() =>
    startHabits(undefined, {
      afterTaskWrite: crash('afterTaskWrite'),
      afterXpApplied: crash('afterXpApplied'),
    }),
  );
  const later = (ms: number) => {
    h.clock.now = new Date(h.clock.now.getTime() + ms);
  };
  const task = (id: string) => h.ctx.db.collection('tasks').findOne({ _id: id as never });
  const profile = (userId: string) =>
    h.ctx.db.collection('profiles').findOne({ _id: userId as never });
  /** Waits for the recovery (on the relay's sweep interval, 500 ms here) to settle a task. */
  const settled = (id: string) =>
    expect
      .poll(
        async () => {
          const t = await task(id);
          return !!t && t.xpPending === undefined && t.xpPendingSince === undefined;
        },
        { timeout: 10_000, interval: 100, message: `XP of task ${id} still pending` },
      )
      .toBe(true);
  /**
   * Lets two more recovery sweeps (500 ms apart here) run: what must not change is read
   * after them. A fixed wait, since nothing happening has no event to poll for.
   */
  const twoMoreSweeps = () => new Promise((r) => setTimeout(r, 1200));

  it('recovers the XP of a to-do whose process died after the task write, once', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody({ difficulty: 'hard' }))).json().data.id;
    crashAt = 'afterTaskWrite';
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(500);
    // The write stands: the retry is refused, and the XP waits on the task.
    const retry = await ada.post(`/api/tasks/${id}/complete`);
    expect(retry.statusCode).toBe(409);
    expect((await task(id))?.xpPending).toMatchObject([{ xp: 12 }]);
    expect((await ada.get('/api/profile')).json().data.xp).toBe(0);

    later(60_000);
    await settled(id);
    expect((await ada.get('/api/profile')).json().data).toMatchObject({ xp: 12, level: 1 });
    // More sweeps change nothing.
    await twoMoreSweeps();
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12);
  });

  it('applies nothing twice when the process died after the profile had the XP', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody({ difficulty: 'hard' }))).json().data.id;
    crashAt = 'afterXpApplied';
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(500);
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12);
    expect((await task(id))?.xpPending).toHaveLength(1);

    later(60_000);
    await settled(id);
    await twoMoreSweeps();
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12);
  });

  /** `n` more to-dos of the user, created and completed ten at a time: the XP they earned. */
  const completeMore = async (as: ReturnType<typeof h.as>, n: number) => {
    let earned = 0;
    for (let i = 0; i < n; i += 10) {
      const created = await Promise.all(
        Array.from({ length: Math.min(10, n - i) }, () =>
          as.post('/api/tasks', todoBody({ difficulty: 'easy' })),
        ),
      );
      const done = await Promise.all(
        created.map((r) => as.post(`/api/tasks/${r.json().data.id}/complete`)),
      );
      for (const r of done) {
        expect(r.statusCode).toBe(200);
        earned += r.json().data.xpEarned as number;
      }
    }
    return earned;
  };
  /** A user's hard to-do whose completion died at `step`, and the entry its task lists. */
  const crashedCompletion = async (step: Step) => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody({ difficulty: 'hard' }))).json().data.id;
    crashAt = step;
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(500);
    const [entry] = (await task(id))?.xpPending as PendingXp[];
    return { ada, id, entry: entry! };
  };
  /** The list stays short whatever the rate: the kept ids, one trim's worth, what was in flight. */
  const bounded = XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT + 10;

  it('applies nothing twice when the process died after the profile had the XP and 150 completions followed', async () => {
    const { ada, id, entry } = await crashedCompletion('afterXpApplied');
    const userId = entry.actor.userId;

    // Far more than the profile keeps, before the recovery's delay is up.
    const earned = await completeMore(ada, 150);
    const trimmed = await profile(userId);
    expect(trimmed?.xpForgotten > entry.id).toBe(true);
    // Still listed: a task waits on it.
    expect(trimmed?.xpApplied).toContain(entry.id);
    expect(trimmed?.xpApplied.length).toBeLessThanOrEqual(bounded);
    expect(trimmed?.xp).toBe(12 + earned);

    later(60_000);
    await settled(id);
    await twoMoreSweeps();
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12 + earned);
  }, 120_000);

  it('applies the XP of a completion that died before the profile, once, after 150 completions forgot ids as old', async () => {
    const warn = vi.spyOn(h.ctx.log, 'warn');
    const { ada, id, entry } = await crashedCompletion('afterTaskWrite');

    const earned = await completeMore(ada, 150);
    const trimmed = await profile(entry.actor.userId);
    expect(trimmed?.xpForgotten > entry.id).toBe(true);
    expect(trimmed?.xpApplied).not.toContain(entry.id);
    expect(trimmed?.xp).toBe(earned);

    later(60_000);
    await settled(id);
    await twoMoreSweeps();
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12 + earned);
    // Applied under a new id, which the warning names.
    const rekeyed = warn.mock.calls.find(([fields]) => {
      return (fields as { completion?: string }).completion === entry.id;
    });
    warn.mockRestore();
    expect(rekeyed?.[0]).toMatchObject({ taskId: id, newId: expect.any(String) });
    expect((await profile(entry.actor.userId))?.xpApplied).toContain(
      (rekeyed![0] as { newId: string }).newId,
    );
  }, 120_000);

  it('applies nothing twice for a recovery that read an entry, stalled, and went on after it was applied, settled and forgotten', async () => {
    // `stale`: what a recovery read before it stalled.
    const { ada, id, entry: stale } = await crashedCompletion('afterXpApplied');
    const userId = stale.actor.userId;
    // Meanwhile another recovery applies nothing again and settles it, and 150 completions
    // push its id out of the profile.
    later(60_000);
    await settled(id);
    const earned = await completeMore(ada, 150);
    const forgotten = await profile(userId);
    expect(forgotten?.xpApplied).not.toContain(stale.id);
    expect(forgotten?.xpForgotten > stale.id).toBe(true);

    // The stalled recovery goes on with what it read.
    const models = {
      Task: h.ctx.db.model('Task'),
      Profile: h.ctx.db.model('Profile'),
      Completion: h.ctx.db.model('Completion'),
    } as unknown as HabitsModels;
    const tasks = new TaskStore(models);
    const warn = vi.fn();
    const deps = {
      tasks,
      profiles: new ProfileStore(models, tasks, { warn }),
      now: () => h.clock.now,
      log: { info: vi.fn(), warn, error: vi.fn() },
    } as unknown as HabitsDeps;
    await awardXp(deps, id, stale!);
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12 + earned);
    expect((await task(id))?.xpPending).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  }, 120_000);

  it('announces the level a recovered completion crossed, once', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    for (let i = 0; i < 2; i++) await ada.post(`/api/tasks/${id}/complete`);
    // 12 + 12 + 12 = 36 ≥ 25: this one crosses into level 2, and dies before the profile.
    crashAt = 'afterTaskWrite';
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(500);
    expect((await ada.get('/api/profile')).json().data).toMatchObject({ xp: 24, level: 1 });

    later(60_000);
    await settled(id);
    const userId = (await ada.get('/api/profile')).json().data.userId as string;
    expect((await ada.get('/api/profile')).json().data).toMatchObject({ xp: 36, level: 2 });
    const stored = await profile(userId);
    expect(stored).toMatchObject({ announcedLevels: [2], level: 2 });
    // The next completion answers as if nothing had happened.
    const next = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(next).toMatchObject({ newLevel: 2, leveledUp: false });
  });

  it('keeps the reply and the profile right on the way without a crash', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody({ difficulty: 'hard' }))).json().data.id;
    const res = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(res).toMatchObject({ xpEarned: 12, newLevel: 1, leveledUp: false });
    expect((await ada.get('/api/profile')).json().data.xp).toBe(12);
    // Settled with the task's outbox pull, just after the reply; not by the recovery.
    await expect.poll(async () => (await task(id))?._outbox).toEqual([]);
    const stored = await task(id);
    expect(stored?.xpPending).toBeUndefined();
    expect(stored?.xpPendingSince).toBeUndefined();
  });

  it('refuses a completion of a task whose outbox is full (NATS away): 503, nothing written', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody())).json().data.id;
    const waiting = Array.from({ length: 100 }, (_, i) => ({ id: `stuck-${i}`, type: 'x' }));
    await h.ctx.db
      .collection('tasks')
      .updateOne({ _id: id as never }, { $push: { _outbox: { $each: waiting } } as never });
    const res = await ada.post(`/api/tasks/${id}/complete`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({ details: { rule: 'outbox_full' } });
    expect((await task(id))?.completions).toBe(0);
    expect((await ada.get('/api/profile')).json().data.xp).toBe(0);
    // Published again, the completion goes through (its claim was released).
    await h.ctx.db.collection('tasks').updateOne({ _id: id as never }, { $set: { _outbox: [] } });
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(200);
  });
});
