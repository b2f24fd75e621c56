import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/e2e.js';
import type { PrivateStack } from '../support/private-stack.js';
import { runPool } from '../support/pool.js';
import { convergedCounts, createIssue, projectOwner } from '../support/issues.js';
import { sleep } from '../support/processes.js';

let stack: PrivateStack;

export function killDuringWriteBurst(shared: () => PrivateStack): void {
  describe('kill -9 of the issues service during a write burst', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('keeps every acknowledged write and delivers its events', async () => {
      const { user, projectId } = await projectOwner();
      let acked = 0;
      let chaos: Promise<unknown> | null = null;
      let killedAt = 0;
      const results = await runPool(200, 10, async (i) => {
        const res = await createIssue(user, projectId, i);
        if (res.status === 201 && ++acked === 50)
          // Mid-burst: nine more creates are in flight when the process dies.
          chaos = (async () => {
            killedAt = Date.now();
            const exit = await stack.signal('issues', 'SIGKILL');
            await stack.restart('issues');
            return exit;
          })();
        // A client backs off after a 503, so the burst spans the restart instead of
        // spending itself while the service is down.
        if (res.status !== 201) await sleep(300);
        return { status: res.status, id: res.body?.data?.id as string | undefined, at: Date.now() };
      });
      expect(await chaos).toEqual({ code: null, signal: 'SIGKILL' });

      // Every answer is an acknowledgement or the gateway's 503, never a hang or a 500.
      const statuses = new Set(results.map((r) => r.status));
      expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(statuses.has(503)).toBe(true);
      const ackedIds = results.filter((r) => r.status === 201).map((r) => r.id!);
      expect(ackedIds.length).toBeGreaterThanOrEqual(50);
      // Writes were acknowledged again by the restarted process, within the same burst.
      expect(results.some((r) => r.status === 201 && r.at > killedAt + 500)).toBe(true);

      // Durability: each acknowledged issue is there after the restart.
      const missing: string[] = [];
      await runPool(ackedIds.length, 10, async (i) => {
        const res = await api(user.apiKey, 'GET', `/api/tasks/${ackedIds[i]}`);
        if (res.status !== 200) missing.push(`${ackedIds[i]}: ${res.status}`);
      });
      expect(missing).toEqual([]);

      // Delivery: the projects read model converges to the issue list (which may also hold
      // writes the kill cut off before their answer; their events must arrive too).
      const { counts, truth } = await convergedCounts(user, projectId);
      expect(truth.issues).toBeGreaterThanOrEqual(ackedIds.length);
      expect(counts).toEqual(truth);
    });
  });
}
