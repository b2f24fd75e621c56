import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CompletionStore, type Claim } from '../../src/store/completion-store.js';
import { habitsModels } from '../../src/store/models.js';
import { useTwoHabits } from './harness.js';

/**
 * The completion claims as two processes share them: one unique `_id` per completion,
 * released by its holder when its task write failed, taken over once a dead holder's claim
 * expired — and never freed by a holder that lost it.
 */
describe('habits service: completion claims across processes', () => {
  const h = useTwoHabits();
  const stores = () =>
    [h.first, h.second].map((p) => new CompletionStore(habitsModels(p.ctx.db))) as [
      CompletionStore,
      CompletionStore,
    ];
  const completion = (key: string) => ({
    _id: key,
    taskId: key.split(':')[0]!,
    completedBy: randomUUID(),
    day: '2025-03-10',
    at: new Date(),
  });
  const expire = (key: string) =>
    h.first.ctx.db
      .collection('completions')
      .updateOne({ _id: key as never }, { $set: { expiresAt: new Date(0) } });
  const holderOf = async (key: string) =>
    (await h.first.ctx.db.collection('completions').findOne({ _id: key as never }))?.holder;

  it('lets exactly one of 20 concurrent claims of one key in', async () => {
    const both = stores();
    const key = `${randomUUID()}:2025-03-10`;
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => both[i % 2]!.claim(completion(key))),
    );
    const won = claims.filter((c): c is Claim => c !== null);
    expect(won).toHaveLength(1);
    expect(await holderOf(key)).toBe(won[0]!.holder);
  });

  it('frees a released claim for the next completion', async () => {
    const [a, b] = stores();
    const key = `${randomUUID()}:once`;
    const first = await a.claim(completion(key));
    expect(first).not.toBeNull();
    expect(await b.claim(completion(key))).toBeNull();
    await a.release(first!);
    const next = await b.claim(completion(key));
    expect(next).not.toBeNull();
    expect(await holderOf(key)).toBe(next!.holder);
  });

  it('hands an expired claim to exactly one taker, and its old holder cannot free it', async () => {
    const [a, b] = stores();
    const key = `${randomUUID()}:2025-03-10`;
    const dead = await a.claim(completion(key));
    await expire(key);
    const takers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim(completion(key))),
    );
    const won = takers.filter((c): c is Claim => c !== null);
    expect(won).toHaveLength(1);
    await a.release(dead!);
    expect(await holderOf(key)).toBe(won[0]!.holder);
    expect(await b.claim(completion(key))).toBeNull();
  });
});
