import { beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, type ApiResponse, type TestUser } from '../../support/e2e.js';
import type { PrivateStack } from '../support/private-stack.js';
import { runPool } from '../support/pool.js';
import { convergedCounts, createIssue, listIssues, projectOwner } from '../support/issues.js';

let stack: PrivateStack;

async function timed(call: () => Promise<ApiResponse>): Promise<ApiResponse & { ms: number }> {
  const start = Date.now();
  const res = await call();
  return { ...res, ms: Date.now() - start };
}

const reads = (user: TestUser, projectId: string) => ({
  tasks: () => api(user.apiKey, 'GET', `/api/tasks?projectId=${projectId}`),
  agents: () => api(user.apiKey, 'GET', '/api/agents'),
});

export function engineOutage(shared: () => PrivateStack): void {
  describe('the database engine going away', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('answers 503 fast in each path’s shape and recovers with nothing lost', async () => {
      const { user, projectId } = await projectOwner();
      const created = await runPool(10, 5, (i) => createIssue(user, projectId, i));
      expect(created.map((r) => r.status)).toEqual(Array(10).fill(201));
      const agent = await api(user.apiKey, 'POST', '/api/agents', { name: 'Before the outage' });
      expect(agent.status).toBe(201);
      const read = reads(user, projectId);
      expect((await read.tasks()).status).toBe(200);

      await stack.mongo.stop('SIGKILL');

      const tasks = await timed(read.tasks);
      expect(tasks.status).toBe(503);
      expect(tasks.body).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      expect(tasks.headers.get('retry-after')).toBe('1');
      const write = await timed(() => createIssue(user, projectId, 99));
      expect(write.status).toBe(503);
      expect(write.body.error.code).toBe('SERVICE_UNAVAILABLE');
      const agents = await timed(read.agents);
      expect(agents.status).toBe(503);
      expect(agents.body).toEqual({ statusCode: 503, message: expect.any(String) });
      // Fail fast: the driver's server selection timeout (3 s) plus slack for a loaded
      // machine; the gateway's retries of 503s once made a read take 33 s.
      expect(Math.max(tasks.ms, write.ms, agents.ms)).toBeLessThan(6000);

      await stack.mongo.start();
      // Recovered without a restart of any service: the drivers reconnect on their own.
      await eventually(async () => (await read.tasks()).status === 200, 30_000);
      await eventually(async () => (await read.agents()).status === 200, 30_000);

      // Nothing lost: what was written before the outage is there, and writes work again.
      const listed = await listIssues(user, projectId);
      expect(listed.map((i) => i.id).sort()).toEqual(created.map((r) => r.body.data.id).sort());
      const agentsAfter = await read.agents();
      expect(agentsAfter.body.data.map((a: { id: string }) => a.id)).toEqual([agent.body.data.id]);
      expect((await createIssue(user, projectId, 100)).status).toBe(201);
      const { counts, truth } = await convergedCounts(user, projectId);
      expect(truth.issues).toBe(11);
      expect(counts).toEqual(truth);
    });
  });
}
