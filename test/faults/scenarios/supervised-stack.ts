import { beforeAll, describe, expect, it } from 'vitest';
import { api, eventually } from '../../support/e2e.js';
import type { PrivateStack } from '../support/private-stack.js';
import { createIssue, projectOwner } from '../support/issues.js';
import { sleep } from '../support/processes.js';

let stack: PrivateStack;

/**
 * The stack as `npm start` runs it (scripts/lib/supervise.mjs): a process killed with
 * SIGKILL is started again after a backoff, with a log line; the rest go on serving
 * meanwhile, and the gateway stays ready, answering the dead service's paths 503.
 */
export function supervisedStack(shared: () => PrivateStack): void {
  describe('a supervised stack survives its parts', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('restarts a killed service with backoff and a log line; the others serve meanwhile', async () => {
      const lines: string[] = [];
      const supervisor = stack.supervise({ log: (line) => lines.push(line), firstMs: 500 });
      try {
        const { user, projectId } = await projectOwner();
        const issue = await createIssue(user, projectId, 1);
        expect(issue.status).toBe(201);
        const id = issue.body.data.id as string;

        expect(await stack.signal('issues', 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
        // Down: its paths answer 503 with Retry-After; the gateway stays ready; others serve.
        const down = await api(user.apiKey, 'GET', `/api/tasks/${id}`);
        expect(down.status).toBe(503);
        expect(down.headers.get('retry-after')).toBe('1');
        const ready = await api(null, 'GET', '/ready');
        expect(ready.status).toBe(200);
        expect(ready.body).toMatchObject({
          status: 'degraded',
          services: { issues: 'unavailable' },
        });
        expect((await api(user.apiKey, 'GET', '/api/me')).status).toBe(200);
        expect(lines.at(-1)).toMatch(
          /^issues killed by SIGKILL after [\d.]+s; restarting in 0\.5s$/,
        );

        // Back on its own, with its data.
        await eventually(
          async () => lines.some((l) => l.startsWith('issues is back')),
          30_000,
          100,
        );
        expect((await api(user.apiKey, 'GET', `/api/tasks/${id}`)).status).toBe(200);
        expect(stack.running('issues')).toBe(true);

        // Killed again at once: the wait doubles.
        await stack.signal('issues', 'SIGKILL');
        expect(lines.at(-1)).toMatch(/restarting in 1s, crash 2 in a row$/);
        await eventually(
          async () => lines.filter((l) => l.startsWith('issues is back')).length === 2,
          30_000,
          100,
        );
        expect((await api(user.apiKey, 'GET', `/api/tasks/${id}`)).status).toBe(200);

        // The gateway too.
        await stack.signal('gateway', 'SIGKILL');
        await eventually(
          async () => lines.some((l) => l.startsWith('gateway is back')),
          30_000,
          100,
        );
        expect((await api(user.apiKey, 'GET', `/api/tasks/${id}`)).status).toBe(200);
      } finally {
        supervisor.stop();
      }
      // Stopped (Ctrl-C): nothing is restarted any more.
      const before = lines.length;
      await stack.signal('habits', 'SIGKILL');
      await sleep(1500);
      expect(stack.running('habits')).toBe(false);
      expect(lines.length).toBe(before);
    });
  });
}
