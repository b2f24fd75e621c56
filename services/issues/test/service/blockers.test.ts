import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

describe('issues: blockers', () => {
  const { h, w } = useIssuesApp('BLK');

  const block = (issueId: string, blockedById: string, actor = w.owner) =>
    call(h, actor, 'POST', `/api/tasks/${issueId}/blockers`, { blockedById });

  it('adds a blocker (201) and lists it on both sides with issue summaries', async () => {
    const a = await createIssue(h, w, { title: 'Ship' });
    const b = await createIssue(h, w, { title: 'Fix build', status: 'todo' });
    const res = await block(a.id, b.id);
    expect(res.statusCode).toBe(201);
    const relation = res.json().data;
    expect(relation).toEqual({
      id: expect.any(String),
      issueId: a.id,
      blockedById: b.id,
      createdBy: w.owner.id,
      createdAt: expect.any(String),
      issue: { id: a.id, identifier: a.identifier, title: 'Ship', status: 'backlog' },
      blockedByIssue: { id: b.id, identifier: b.identifier, title: 'Fix build', status: 'todo' },
    });
    const ofA = await call(h, w.owner, 'GET', `/api/tasks/${a.id}/blockers`);
    expect(ofA.statusCode).toBe(200);
    expect(ofA.json()).toEqual({ data: { blockedBy: [relation], blocking: [] } });
    const ofB = await call(h, w.owner, 'GET', `/api/tasks/${b.id}/blockers`);
    expect(ofB.json()).toEqual({ data: { blockedBy: [], blocking: [relation] } });
    const detail = (await call(h, w.owner, 'GET', `/api/tasks/${a.id}`)).json().data;
    expect(detail.blockedBy).toEqual([relation]);
    expect(detail.activity.at(-1)).toMatchObject({
      action: 'blocker_added',
      field: 'blockedBy',
      oldValue: null,
      newValue: b.identifier,
      userId: w.owner.id,
    });
    const detailB = (await call(h, w.owner, 'GET', `/api/tasks/${b.id}`)).json().data;
    expect(detailB.blocking).toEqual([relation]);
    expect(detailB.activity.at(-1)).toMatchObject({
      action: 'blocking_added',
      field: 'blocking',
      oldValue: null,
      newValue: a.identifier,
    });
  });

  it('refuses self, duplicates and cycles of any length, naming the rule', async () => {
    const [a, b, c, d] = await Promise.all(
      ['a', 'b', 'c', 'd'].map((title) => createIssue(h, w, { title })),
    );
    const self = await block(a!.id, a!.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.details).toMatchObject({ field: 'blockedById', rule: 'self' });

    expect((await block(a!.id, b!.id)).statusCode).toBe(201);
    const dup = await block(a!.id, b!.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toMatchObject({ field: 'blockedById', rule: 'duplicate' });

    const two = await block(b!.id, a!.id);
    expect(two.statusCode).toBe(409);
    expect(two.json().error.details).toEqual({
      field: 'blockedById',
      rule: 'cycle',
      path: [b!.identifier, a!.identifier, b!.identifier],
    });

    expect((await block(b!.id, c!.id)).statusCode).toBe(201);
    expect((await block(c!.id, d!.id)).statusCode).toBe(201);
    const four = await block(d!.id, a!.id);
    expect(four.statusCode).toBe(409);
    expect(four.json().error.details).toMatchObject({
      rule: 'cycle',
      path: [d!.identifier, a!.identifier, b!.identifier, c!.identifier, d!.identifier],
    });
    // A diamond is not a cycle.
    expect((await block(a!.id, d!.id)).statusCode).toBe(201);
  });

  it('answers 404 for unknown issues and 403 for another team’s', async () => {
    const a = await createIssue(h, w);
    const unknown = await block(a.id, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await block(randomUUID(), a.id)).statusCode).toBe(404);
    const other = newWorld(h);
    const theirs = await createIssue(h, other);
    const invisible = await block(a.id, theirs.id);
    expect(invisible.statusCode).toBe(403);
    expect(invisible.json().error.code).toBe('FORBIDDEN');
    const stranger = userActor({ teamIds: [randomUUID()] });
    expect((await call(h, stranger, 'GET', `/api/tasks/${a.id}/blockers`)).statusCode).toBe(403);
    const bad = await call(h, w.owner, 'POST', `/api/tasks/${a.id}/blockers`, {
      blockedById: 'nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toMatchObject({ field: 'blockedById', rule: 'format' });
  });

  it('removes a blocker (204) by relation id, recording it on both issues', async () => {
    const a = await createIssue(h, w, { title: 'x' });
    const b = await createIssue(h, w, { title: 'y' });
    const relation = (await block(a.id, b.id)).json().data;
    const del = await call(h, w.owner, 'DELETE', `/api/tasks/${a.id}/blockers/${relation.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect(
      (await call(h, w.owner, 'DELETE', `/api/tasks/${a.id}/blockers/${relation.id}`)).statusCode,
    ).toBe(404);
    expect((await call(h, w.owner, 'GET', `/api/tasks/${a.id}/blockers`)).json().data).toEqual({
      blockedBy: [],
      blocking: [],
    });
    const actA = (await call(h, w.owner, 'GET', `/api/tasks/${a.id}`)).json().data.activity;
    const actB = (await call(h, w.owner, 'GET', `/api/tasks/${b.id}`)).json().data.activity;
    expect(actA.at(-1)).toMatchObject({
      action: 'blocker_removed',
      field: 'blockedBy',
      oldValue: b.identifier,
      newValue: null,
    });
    expect(actB.at(-1)).toMatchObject({
      action: 'blocking_removed',
      field: 'blocking',
      oldValue: a.identifier,
      newValue: null,
    });
    // Removed relations can be added again; the blocking issue's id also names the relation.
    expect((await block(a.id, b.id)).statusCode).toBe(201);
    expect(
      (await call(h, w.owner, 'DELETE', `/api/tasks/${a.id}/blockers/${b.id}`)).statusCode,
    ).toBe(204);
  });
});
