import { beforeAll, describe, expect, it } from 'vitest';
import { api, type TestUser } from '../../support/e2e.js';
import type { PrivateStack } from '../support/private-stack.js';
import { runPool } from '../support/pool.js';
import { convergedCounts, createIssue, projectOwner, statusFor } from '../support/issues.js';
import { sleep } from '../support/processes.js';
import { dataOf, openEvents, type SseFrame } from '../../support/sse.js';

let stack: PrivateStack;

/** `creates` new issues, then moves the first `moves` of them to another status. */
async function writes(
  user: TestUser,
  projectId: string,
  from: number,
  creates: number,
  moves: number,
) {
  const created = await runPool(creates, 5, (i) => createIssue(user, projectId, from + i));
  const moved = await runPool(moves, 5, (i) =>
    api(user.apiKey, 'PATCH', `/api/tasks/${created[i]!.body?.data?.id}`, {
      status: statusFor(from + i + 1),
    }),
  );
  return [...created, ...moved].map((r) => r.status);
}

export function natsRestart(shared: () => PrivateStack): void {
  describe('a NATS restart', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('loses no event and counts none twice', async () => {
      const { user, projectId } = await projectOwner();
      const before = await writes(user, projectId, 0, 30, 10);
      expect(before.every((s) => s === 201 || s === 200)).toBe(true);
      // The consumers are at the head of the stream before the outage.
      const settled = await convergedCounts(user, projectId);
      expect(settled.counts).toEqual(settled.truth);
      // A live stream that saw the events so far.
      const created = (frames: SseFrame[]) =>
        frames.filter((f) => f.event === 'issue.created').map((f) => dataOf(f).data.id as string);
      const live = await openEvents(user.apiKey, { query: '?types=issue.created' });
      expect(live.status).toBe(200);
      await live.until((f) => f.some((x) => x.id !== undefined));
      const probe = await createIssue(user, projectId, 99);
      await live.until((f) => created(f).includes(probe.body.data.id), 15_000);
      live.close();
      const cursor = live.frames.filter((f) => f.id !== undefined).at(-1)!.id!;

      await stack.nats.stop();
      const stoppedAt = Date.now();
      // Writes need only the database: accepted while NATS is away, their events wait in
      // the outbox.
      const during = await writes(user, projectId, 100, 20, 10);
      // Longer than the publish timeout (5 s): the relay's flushes fail rather than wait
      // in the client's reconnect buffer, so its sweep must publish them afterwards.
      await sleep(6500 - (Date.now() - stoppedAt));
      await stack.nats.start();
      const after = await writes(user, projectId, 200, 20, 10);
      expect([...during, ...after].every((s) => s === 201 || s === 200)).toBe(true);

      // Publishers and the durable consumers reconnected: everything from before, during
      // and after is counted, exactly once.
      const { counts, truth } = await convergedCounts(user, projectId, 45_000);
      expect(truth.issues).toBe(71);
      expect(counts).toEqual(truth);

      // Resumed after the restart from the cursor it had: every issue made during and after
      // the outage, once (the gateway's reader of the live stream came back by itself).
      const resumed = await openEvents(user.apiKey, {
        query: '?types=issue.created',
        lastEventId: cursor,
      });
      expect(resumed.status).toBe(200);
      await resumed.until((f) => created(f).length >= 40, 45_000);
      await sleep(500);
      resumed.close();
      expect(created(resumed.frames)).toHaveLength(40);
      expect(new Set(created(resumed.frames)).size).toBe(40);
      expect(resumed.frames.some((f) => f.event === 'reset')).toBe(false);
    });
  });
}
