import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signActor } from '@momentum/service-kit';
import { api, eventually } from '../support/e2e.js';
import { startWorld, type World } from './support/world.js';
import { runPool } from './support/pool.js';
import { convergedCounts, projectCounts, projectOwner, statusFor, tally } from './support/issues.js';

let world: World;
beforeAll(async () => {
  world = await startWorld(5260);
});
afterAll(async () => {
  await world?.close();
});

interface Outcome {
  status?: number;
  id?: string;
  error?: string;
}

describe('SIGTERM of a service under load', () => {
  it('answers every accepted request, publishes their events and exits 0', async () => {
    const { user, teamId, projectId } = await projectOwner();
    // Straight at the issues service, as the gateway calls it: through the gateway a
    // reset upstream would come back as the gateway's 503 and hide it.
    const headers = {
      'content-type': 'application/json',
      ...signActor(
        { type: 'user', id: user.id, userId: user.id, name: user.name, teamIds: [teamId], isAdmin: false },
        world.secret,
      ),
    };
    let firstAnswer!: () => void;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const requests = Array.from({ length: 50 }, async (_, i): Promise<Outcome> => {
      try {
        const res = await fetch(`${world.urls.issues}/api/tasks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ projectId, title: `in flight ${i}`, status: statusFor(i) }),
        });
        const body = await res.json();
        return { status: res.status, id: body?.data?.id };
      } catch (err) {
        return { error: String((err as { cause?: unknown }).cause ?? err) };
      } finally {
        firstAnswer();
      }
    });
    // The signal comes once the service is answering: all 50 connections are accepted
    // by then, and most requests are still being worked on.
    await answered;
    const t0 = Date.now();
    const exit = await world.signal('issues', 'SIGTERM');
    console.log("SIGNAL took", Date.now() - t0);
    const outcomes = await Promise.all(requests);

    console.log("EXIT", exit, outcomes.map((o) => o.status ?? o.error?.slice(0, 20)).join(","));
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(50).fill(201));
    expect(exit).toEqual({ code: 0, signal: null });

    // Drained before exit: the projects read model counts all 50 while issues is down.
    const expected = tally(Array.from({ length: 50 }, (_, i) => statusFor(i)));
    const counts = await eventually(async () => {
      const c = await projectCounts(user, projectId);
      return c.issues === 50 && c;
    }, 15_000).catch(() => projectCounts(user, projectId));
    expect(counts).toEqual(expected);

    await world.restart('issues');
    const missing: string[] = [];
    await runPool(outcomes.length, 10, async (i) => {
      const res = await api(user.apiKey, 'GET', `/api/tasks/${outcomes[i]!.id}`);
      if (res.status !== 200) missing.push(`${outcomes[i]!.id}: ${res.status}`);
    });
    expect(missing).toEqual([]);
    const after = await convergedCounts(user, projectId);
    expect(after.counts).toEqual(after.truth);
  });
});
