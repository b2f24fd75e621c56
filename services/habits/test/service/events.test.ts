import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/testing';
import { habitBody, startHabits, type Habits } from './harness.js';

describe('habits service: events through the outbox', () => {
  let h: Habits;
  const seen: EventEnvelope[] = [];
  beforeAll(async () => {
    h = await startHabits();
    // From the stream, as consumers get them: a relay may publish an event twice (two
    // flushes of one document, a sweep), and JetStream keeps one copy by its message id.
    await h.ctx.bus.consume({
      from: 'habits',
      durable: 'events-test',
      types: [
        'habits.task.created',
        'habits.task.updated',
        'habits.task.archived',
        'habits.task.completed',
        'habits.user.leveled_up',
      ],
      handler: async (event) => {
        seen.push(event);
      },
    });
  });
  afterAll(async () => h?.close());

  const waitFor = async (pred: (e: EventEnvelope) => boolean, count = 1) => {
    await expect
      .poll(() => seen.filter(pred).length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(count);
    return seen.filter(pred);
  };

  it('publishes created, updated, archived, completed and leveled_up, then empties the outbox', async () => {
    const owner = userActor();
    const agent = agentActor(owner.id);
    const id = (await h.as(agent).post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data
      .id;
    await h.as(owner).patch(`/api/tasks/${id}`, { title: 'Renamed' });
    for (let i = 0; i < 3; i++) await h.as(owner).post(`/api/tasks/${id}/complete`);
    await h.as(owner).del(`/api/tasks/${id}`);

    const [created] = await waitFor(
      (e) => e.type === 'habits.task.created' && (e.data as { id: string }).id === id,
    );
    expect(created).toMatchObject({
      actor: { type: 'agent', id: agent.id, userId: owner.id },
      data: { id, userId: owner.id, createdBy: agent.id, type: 'habit' },
    });
    const [updated] = await waitFor(
      (e) => e.type === 'habits.task.updated' && (e.data as { id: string }).id === id,
    );
    expect(updated!.data).toMatchObject({ title: 'Renamed', changed: ['title'] });
    const completed = await waitFor(
      (e) => e.type === 'habits.task.completed' && (e.data as { id: string }).id === id,
      3,
    );
    expect(completed.map((e) => (e.data as { streak: number }).streak).sort()).toEqual([1, 2, 3]);
    expect(completed[0]!.data).toMatchObject({
      completedBy: owner.id,
      day: '2025-03-10',
      xpEarned: 12,
      slip: false,
    });
    const [leveled] = await waitFor(
      (e) =>
        e.type === 'habits.user.leveled_up' && (e.data as { userId: string }).userId === owner.id,
    );
    expect(leveled!.data).toEqual({ userId: owner.id, level: 2, previousLevel: 1, xp: 36 });
    const [archived] = await waitFor(
      (e) => e.type === 'habits.task.archived' && (e.data as { id: string }).id === id,
    );
    expect(archived!.data).toMatchObject({ id, archived: true });

    // Each event once, and nothing left pending in the written documents.
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 0; i < 50; i++) {
      const pending = await h.ctx.db
        .collection('tasks')
        .countDocuments({ '_outbox.0': { $exists: true } });
      const pendingProfiles = await h.ctx.db
        .collection('profiles')
        .countDocuments({ '_outbox.0': { $exists: true } });
      if (pending + pendingProfiles === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('outbox not emptied');
  });
});
