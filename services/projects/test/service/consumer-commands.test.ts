import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, streamNameFor } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { engineCommands, eventually, monitoredMongoUrl } from '@momentum/testing';
import {
  countsWith,
  createProject,
  issueEvents,
  member,
  startHarness,
  type Harness,
} from './harness.js';

/**
 * The engine commands the issue-count consumer makes per issue event, by name: none for an
 * update that changed no status, one batch on `issue_states` (row and counts together) for
 * a status change that names the status it left, as the issues service's events do.
 */
describe('projects: engine commands per issue event', () => {
  let h: Harness;
  let commands: { take(): string[] };
  const { publish, converges } = issueEvents(() => h);

  beforeAll(async () => {
    h = await startHarness({ MONGO_URL: monitoredMongoUrl() });
    // The projects' own commands (the consumer never touches them) and the route's reads of
    // the counts are not the consumer's.
    commands = engineCommands(
      h.ctx.db,
      (c) => Object.values(c)[0] === 'projects' || (c.find === 'issue_states' && isCountsRead(c)),
    );
  });
  afterAll(async () => h?.close());

  /** Waits until the consumer has handled and acknowledged every event published so far. */
  const handled = async () => {
    const jsm = await h.ctx.bus.nc.jetstreamManager();
    const stream = streamNameFor(h.ctx.bus.prefix, 'issues');
    await eventually(async () => {
      const info = await jsm.consumers.info(stream, 'projects-issue-counts');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 5000);
    return commands.take();
  };

  it('a title-only update: no command; a status change: one update of issue_states', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Commands' });
    const id = randomUUID();
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1 }));
    expect(await handled()).toEqual(['update issue_states']);

    await publish('updated', {
      id,
      projectId: p.id,
      status: 'todo',
      version: 2,
      changed: ['title'],
      title: 'Renamed',
    });
    expect(await handled()).toEqual([]);

    await publish('updated', {
      id,
      projectId: p.id,
      status: 'done',
      version: 3,
      changed: ['status'],
      previousStatus: 'todo',
    });
    await converges(ada, p.id, countsWith({ done: 1 }));
    expect(await handled()).toEqual(['update issue_states']);

    // A deletion names the status it leaves too: one command.
    await h.ctx.bus.publish(
      makeEvent(EventTypes.issues.issueDeleted, {
        id,
        projectId: p.id,
        identifier: 'X-1',
        status: 'done',
        version: 4,
      }),
    );
    await converges(ada, p.id, countsWith({}));
    expect(await handled()).toEqual(['update issue_states']);
  });

  it('a redelivered status change: the refused batch, then the row read that finds it counted', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Again' });
    const id = randomUUID();
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    const move = {
      id,
      projectId: p.id,
      status: 'in_progress' as const,
      version: 2,
      changed: ['status'],
      previousStatus: 'todo' as const,
    };
    await publish('updated', move);
    await converges(ada, p.id, countsWith({ in_progress: 1 }));
    await handled();
    await publish('updated', move);
    expect(await handled()).toEqual(['update issue_states', 'find issue_states']);
    await converges(ada, p.id, countsWith({ in_progress: 1 }));
  });
});

/** The route's read of counts documents (`_id` among `counts:` ids), not the consumer's. */
function isCountsRead(command: Record<string, unknown>): boolean {
  const filter = command.filter as { _id?: { $in?: unknown } } | undefined;
  return Array.isArray(filter?._id?.$in);
}
