import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventTypes,
  type IssueEventData,
  type ProjectEventData,
  type EventEnvelope,
  SYSTEM_ACTOR,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { userActor } from '@momentum/testing';
import { call, eventually, startHarness, type Harness } from '../support/harness.js';

describe('issues: project read model and issue events', () => {
  let h: Harness;
  const received: EventEnvelope[] = [];

  beforeAll(async () => {
    h = await startHarness();
    await h.ctx.bus.consume({
      from: 'issues',
      durable: 'test-observer',
      types: Object.values(EventTypes.issues),
      handler: async (event) => void received.push(event),
    });
  });
  afterAll(async () => h.close());

  const projectEvent = (type: string, data: ProjectEventData) =>
    h.ctx.bus.publish(makeEvent(type, data));

  it('learns projects from project events, keeping the newest', async () => {
    const teamId = randomUUID();
    const id = randomUUID();
    const actor = userActor({ teamIds: [teamId] });
    await projectEvent(EventTypes.projects.projectCreated, {
      id,
      teamId,
      key: 'EVT',
      name: 'Evented',
      slug: 'evented',
      status: 'planned',
    });
    const created = await eventually(async () => {
      const res = await call(h, actor, 'POST', '/api/tasks', { projectId: id, title: 'x' });
      return res.statusCode === 201 ? res : null;
    });
    expect(created.json().data.identifier).toBe('EVT-1');
    // The lookup stand-in does not know this project: the event alone made it known.
    expect(h.projects.has(id)).toBe(false);

    const stale = makeEvent(EventTypes.projects.projectUpdated, {
      id,
      teamId,
      key: 'OLD',
      name: 'stale',
      slug: 'stale',
      status: 'planned',
    });
    stale.occurredAt = new Date(Date.now() - 60_000).toISOString();
    await h.ctx.bus.publish(stale);
    await projectEvent(EventTypes.projects.projectUpdated, {
      id,
      teamId,
      key: 'NEW',
      name: 'renamed',
      slug: 'renamed',
      status: 'started',
    });
    await eventually(
      async () =>
        (await h.ctx.db.collection('projects').findOne({ _id: id as never }))?.key === 'NEW',
    );
    const next = await call(h, actor, 'POST', '/api/tasks', { projectId: id, title: 'y' });
    expect(next.json().data.identifier).toBe('NEW-2');
  });

  it('asks the projects service on a miss: create a project and at once an issue, every time', async () => {
    for (let i = 0; i < 10; i++) {
      const teamId = randomUUID();
      const id = randomUUID();
      h.projects.set(id, { id, teamId, key: `LK${i}`, name: `lookup ${i}` });
      const res = await call(h, userActor({ teamIds: [teamId] }), 'POST', '/api/tasks', {
        projectId: id,
        title: 'at once',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.identifier).toBe(`LK${i}-1`);
    }
  });

  it('publishes created and updated events with a rising version through the outbox', async () => {
    const teamId = randomUUID();
    const id = randomUUID();
    const actor = userActor({ teamIds: [teamId] });
    h.projects.set(id, { id, teamId, key: 'OUT', name: 'outbox' });
    const issue = (
      await call(h, actor, 'POST', '/api/tasks', { projectId: id, title: 'evented' })
    ).json().data;
    await call(h, actor, 'PATCH', `/api/tasks/${issue.id}`, { status: 'todo' });
    await call(h, actor, 'PATCH', `/api/tasks/${issue.id}`, { priority: 'high', title: 'renamed' });
    const mine = await eventually(async () => {
      const events = received.filter((e) => (e.data as IssueEventData).id === issue.id);
      return events.length >= 3 ? events : null;
    });
    expect(
      mine.map((e) => [
        e.type,
        (e.data as IssueEventData).version,
        (e.data as IssueEventData).status,
      ]),
    ).toEqual([
      [EventTypes.issues.issueCreated, 1, 'backlog'],
      [EventTypes.issues.issueUpdated, 2, 'todo'],
      [EventTypes.issues.issueUpdated, 3, 'todo'],
    ]);
    expect(mine[2]!.data).toMatchObject({
      projectId: id,
      identifier: 'OUT-1',
      changed: ['title', 'priority'],
    });
    expect(mine[0]!.actor).toEqual({ type: 'user', id: actor.id, userId: actor.id });
    await eventually(async () => {
      const doc = await h.ctx.db.collection('issues').findOne({ _id: issue.id as never });
      return doc && (doc._outbox as unknown[]).length === 0;
    });

    const comment = (
      await call(h, actor, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'hi' })
    ).json().data;
    await eventually(async () =>
      received.find(
        (e) =>
          e.type === EventTypes.issues.commentCreated &&
          (e.data as { id: string }).id === comment.id,
      ),
    );
  });

  it('a created issue alone leaves nothing in its outbox once its event is out', async () => {
    // The create hands the outbox it stored to the relay, which pulls exactly those entries
    // off: an entry it handed over differently from how it was stored would stay behind.
    const teamId = randomUUID();
    const id = randomUUID();
    const actor = userActor({ teamIds: [teamId] });
    h.projects.set(id, { id, teamId, key: 'ONE', name: 'alone' });
    const issue = (
      await call(h, actor, 'POST', '/api/tasks', { projectId: id, title: 'alone' })
    ).json().data;
    await eventually(async () =>
      received.find(
        (e) =>
          e.type === EventTypes.issues.issueCreated && (e.data as IssueEventData).id === issue.id,
      ),
    );
    await eventually(async () => {
      const doc = await h.ctx.db.collection('issues').findOne({ _id: issue.id as never });
      return doc && (doc._outbox as unknown[]).length === 0;
    });
  });

  it('answers 404 for a project the projects service does not know', async () => {
    const res = await call(h, userActor({ teamIds: [] }), 'POST', '/api/tasks', {
      projectId: randomUUID(),
      title: 'x',
    });
    expect(res.statusCode).toBe(404);
  });

  it('publishes the deleted event with the next version, and lists the issue as a tombstone', async () => {
    const teamId = randomUUID();
    const id = randomUUID();
    const actor = userActor({ teamIds: [teamId] });
    h.projects.set(id, { id, teamId, key: 'DEL', name: 'deleting' });
    const issue = (
      await call(h, actor, 'POST', '/api/tasks', { projectId: id, title: 'gone soon' })
    ).json().data;
    await call(h, actor, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    expect((await call(h, actor, 'DELETE', `/api/tasks/${issue.id}`)).statusCode).toBe(204);
    const deleted = await eventually(async () =>
      received.find(
        (e) =>
          e.type === EventTypes.issues.issueDeleted && (e.data as IssueEventData).id === issue.id,
      ),
    );
    expect(deleted.data).toEqual({
      id: issue.id,
      projectId: id,
      identifier: 'DEL-1',
      status: 'done',
      version: 3,
      // What the notifications service reads (domain/issue-event.ts).
      teamId: expect.any(String),
      title: expect.any(String),
      watchers: [{ type: 'user', id: actor.id }],
    });
    expect(deleted.actor).toEqual({ type: 'user', id: actor.id, userId: actor.id });
    const states = await call(h, SYSTEM_ACTOR, 'GET', `/internal/issue-states?projectId=${id}`);
    // Deleted, with the deletion's version: a counts rebuild keeps it from counting again.
    expect(states.json().data).toEqual([
      { id: issue.id, projectId: id, status: 'done', version: 3, deleted: true },
    ]);
    const counts = await call(h, SYSTEM_ACTOR, 'GET', `/internal/issue-counts?projectId=${id}`);
    expect(counts.json().data).toEqual({});
  });
});
