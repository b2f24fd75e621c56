import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

describe('issues: internal lookups and deletion', () => {
  const { h, w } = useIssuesApp('ENG');

  it('answers internal lookups to the system actor only', async () => {
    const issue = await createIssue(h, w);
    const owns = await call(h, SYSTEM_ACTOR, 'GET', `/internal/owns/${issue.id}`);
    expect(owns.statusCode).toBe(200);
    expect(owns.json()).toEqual({ data: { id: issue.id } });
    expect((await call(h, SYSTEM_ACTOR, 'GET', `/internal/owns/${randomUUID()}`)).statusCode).toBe(
      404,
    );
    expect((await call(h, SYSTEM_ACTOR, 'GET', '/internal/owns/not-a-uuid')).statusCode).toBe(404);
    expect((await call(h, w.owner, 'GET', `/internal/owns/${issue.id}`)).statusCode).toBe(404);

    const patched = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    expect(patched.statusCode).toBe(200);
    const states = await call(
      h,
      SYSTEM_ACTOR,
      'GET',
      `/internal/issue-states?projectId=${w.projectId}`,
    );
    expect(states.statusCode).toBe(200);
    expect(states.json().data).toContainEqual({
      id: issue.id,
      projectId: w.projectId,
      status: 'done',
      version: 2,
    });
  });

  it('deletes an issue: hidden from reads, lists and search, its blockers gone, its number kept', async () => {
    const dw = newWorld(h, 'DEL');
    const doomed = await createIssue(h, dw, { title: 'Doomed zeppelin' });
    const other = await createIssue(h, dw, { title: 'Survivor' });
    await call(h, dw.owner, 'POST', `/api/tasks/${other.id}/blockers`, { blockedById: doomed.id });
    const stranger = userActor({ teamIds: [randomUUID()] });
    expect((await call(h, stranger, 'DELETE', `/api/tasks/${doomed.id}`)).statusCode).toBe(403);

    expect((await call(h, dw.owner, 'DELETE', `/api/tasks/${doomed.id}`)).statusCode).toBe(204);
    expect((await call(h, dw.owner, 'GET', `/api/tasks/${doomed.id}`)).statusCode).toBe(404);
    expect((await call(h, dw.owner, 'DELETE', `/api/tasks/${doomed.id}`)).statusCode).toBe(404);
    const list = (await call(h, dw.owner, 'GET', `/api/tasks?projectId=${dw.projectId}`)).json();
    expect(list.data.map((i: { id: string }) => i.id)).toEqual([other.id]);
    expect((await call(h, dw.owner, 'GET', '/api/tasks/search?q=zeppelin')).json().data).toEqual(
      [],
    );
    const blockers = (await call(h, dw.owner, 'GET', `/api/tasks/${other.id}/blockers`)).json();
    expect(blockers.data).toEqual({ blockedBy: [], blocking: [] });
    expect((await createIssue(h, dw, { title: 'Next' })).identifier).toBe('DEL-3');
    // The gateway still routes the id here, where it answers 404.
    expect((await call(h, SYSTEM_ACTOR, 'GET', `/internal/owns/${doomed.id}`)).statusCode).toBe(
      200,
    );
  });
});
