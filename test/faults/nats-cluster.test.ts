import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/e2e.js';
import {
  freePrivateStackBase,
  startPrivateStack,
  type PrivateStack,
} from './support/private-stack.js';
import { runPool } from './support/pool.js';
import { convergedCounts, createIssue, projectOwner, statusFor } from './support/issues.js';

/**
 * The fault layer against a three-node JetStream cluster started from the nats-server binary,
 * every stream kept in three copies (NATS_REPLICAS=3, as the Kubernetes manifests run them):
 * one node is killed (SIGKILL) in the middle of a burst of writes. The services' connections
 * to it move to the other two, a stream it led elects another leader, and the events of the
 * writes made meanwhile wait in their outboxes until a publish is acknowledged: nothing
 * acknowledged is lost, nothing is counted twice, and the stack keeps answering. A stack of
 * its own (the other scenarios share one with a single NATS server).
 */
let stack: PrivateStack;
beforeAll(async () => {
  stack = await startPrivateStack(await freePrivateStackBase(5200, 3), { natsNodes: 3 });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('a NATS node killed mid-burst (three-node cluster, R3 streams)', () => {
  it('loses no event, counts none twice, and keeps answering', async () => {
    const { user, projectId } = await projectOwner();
    const creates = 60;
    let answered = 0;
    let killed: Promise<void> | undefined;
    const created = await runPool(creates, 5, async (i) => {
      const res = await createIssue(user, projectId, i);
      // A third of the way in: the second node dies, the burst goes on.
      if (++answered === creates / 3) killed = stack.natsNodes[1]!.stop('SIGKILL');
      return res;
    });
    await killed;
    const moved = await runPool(20, 5, (i) =>
      api(user.apiKey, 'PATCH', `/api/tasks/${created[i]!.body?.data?.id}`, {
        status: statusFor(i + 1),
      }),
    );
    expect(created.map((r) => r.status).every((s) => s === 201)).toBe(true);
    expect(moved.map((r) => r.status).every((s) => s === 200)).toBe(true);

    // Every create and move reached the projects service's counts, each once.
    const { counts, truth } = await convergedCounts(user, projectId, 60_000);
    expect(truth.issues).toBe(creates);
    expect(counts).toEqual(truth);

    // The stack keeps answering with two nodes: a read, and a write whose event is counted.
    const after = await createIssue(user, projectId, creates);
    expect(after.status).toBe(201);
    expect((await api(user.apiKey, 'GET', `/api/tasks/${after.body.data.id}`)).status).toBe(200);
    const final = await convergedCounts(user, projectId, 30_000);
    expect(final.truth.issues).toBe(creates + 1);
    expect(final.counts).toEqual(final.truth);
  });
});
