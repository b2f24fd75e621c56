import { beforeAll, describe, expect, it } from 'vitest';
import { bodyDigest, signActor } from '@momentum/http';
import { api, eventually, type TestUser } from '../../support/e2e.js';
import type { PrivateStack } from '../support/private-stack.js';
import { runPool } from '../support/pool.js';
import { sigtermUnderLoad } from '../support/under-load.js';
import type { Outcome } from '../support/http.js';
import {
  convergedCounts,
  projectCounts,
  projectOwner,
  statusFor,
  tally,
} from '../support/issues.js';

let stack: PrivateStack;

const issueBodies = (projectId: string, from: number) =>
  Array.from({ length: 50 }, (_, i) => ({
    projectId,
    title: `in flight ${from + i}`,
    status: statusFor(from + i),
  }));

/** Each created issue can be read back (through the gateway). */
async function unreadable(user: TestUser, outcomes: Outcome[]): Promise<string[]> {
  const missing: string[] = [];
  await runPool(outcomes.length, 10, async (i) => {
    const id = outcomes[i]!.body?.data?.id;
    const res = await api(user.apiKey, 'GET', `/api/tasks/${id}`);
    if (res.status !== 200) missing.push(`${id}: ${res.status}`);
  });
  return missing;
}

export function sigtermUnderLoadScenario(shared: () => PrivateStack): void {
  describe('SIGTERM under load', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('a service answers every accepted request, publishes their events and exits 0', async () => {
      const { user, teamId, projectId } = await projectOwner();
      // Straight at the issues service, as the gateway calls it: through the gateway a
      // reset upstream would come back as the gateway's 503 and hide it.
      const actor = { type: 'user' as const, id: user.id, userId: user.id, name: user.name };
      const run = await sigtermUnderLoad(
        stack,
        'issues',
        `${stack.urls.issues}/api/tasks`,
        (body) =>
          signActor({ ...actor, teamIds: [teamId], isAdmin: false }, stack.secret, {
            method: 'POST',
            url: '/api/tasks',
            bodyDigest: bodyDigest(body),
          }),
        issueBodies(projectId, 0),
      );
      expect(run.answeredBeforeSignal).toBeLessThan(50);
      expect(run.outcomes.filter((o) => o.error)).toEqual([]);
      expect(run.outcomes.map((o) => o.status)).toEqual(Array(50).fill(201));
      expect(run.exit).toEqual({ code: 0, signal: null });

      // Drained before exit: the projects read model counts all 50 while issues is down.
      const expected = tally(Array.from({ length: 50 }, (_, i) => statusFor(i)));
      const counts = await eventually(async () => {
        const c = await projectCounts(user, projectId);
        return c.issues === 50 && c;
      }, 15_000).catch(() => projectCounts(user, projectId));
      expect(counts).toEqual(expected);

      await stack.restart('issues');
      expect(await unreadable(user, run.outcomes)).toEqual([]);
      const after = await convergedCounts(user, projectId);
      expect(after.counts).toEqual(after.truth);
    });

    it('the gateway answers every accepted request and exits 0', async () => {
      // Whatever the test before left: it may have failed before starting issues again.
      if (!stack.running('issues')) await stack.restart('issues');
      const { user, projectId } = await projectOwner();
      const run = await sigtermUnderLoad(
        stack,
        'gateway',
        `${stack.gatewayUrl}/api/tasks`,
        { authorization: `Bearer ${user.apiKey}` },
        issueBodies(projectId, 0),
      );
      expect(run.answeredBeforeSignal).toBeLessThan(50);
      expect(run.outcomes.filter((o) => o.error)).toEqual([]);
      expect(run.outcomes.map((o) => o.status)).toEqual(Array(50).fill(201));
      expect(run.exit).toEqual({ code: 0, signal: null });

      await stack.restart('gateway');
      expect(await unreadable(user, run.outcomes)).toEqual([]);
      const after = await convergedCounts(user, projectId);
      expect(after.truth.issues).toBe(50);
      expect(after.counts).toEqual(after.truth);
    });
  });
}
