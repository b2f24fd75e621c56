import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuePriorities, IssueStatuses, SYSTEM_ACTOR } from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/service-kit/testing';
import { call, createIssue, newWorld, startHarness, type Harness, type World } from '../support/harness.js';

describe('issues: create, list, get, update', () => {
  let h: Harness;
  let w: World;

  beforeAll(async () => {
    h = await startHarness();
    w = newWorld(h, 'ENG');
  });
  afterAll(async () => h.close());

  it('creates an issue with identifier KEY-1 and the documented defaults', async () => {
    const res = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'First' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: w.projectId,
      parentId: null,
      identifier: 'ENG-1',
      number: 1,
      title: 'First',
      description: '',
      status: 'backlog',
      priority: 'none',
      assigneeId: null,
      labels: [],
      estimate: null,
      dueDate: null,
      sortOrder: 1,
      createdBy: w.owner.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await createIssue(h, w, { title: 'Second', status: 'todo', priority: 'high', labels: ['bug', 'bug', ' ui '], estimate: 3, dueDate: '2025-03-01' });
    expect(second).toMatchObject({ identifier: 'ENG-2', status: 'todo', priority: 'high', labels: ['bug', 'ui'], estimate: 3, dueDate: '2025-03-01' });
  });

  it('gives 50 concurrent creates the numbers 1..50 of a fresh project, each once', async () => {
    const fresh = newWorld(h, 'RACE');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(h, fresh.owner, 'POST', '/api/tasks', { projectId: fresh.projectId, title: `Race ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().data.identifier)).size).toBe(50);
    const next = await createIssue(h, fresh, { title: 'After the race' });
    expect(next.identifier).toBe('RACE-51');
  });

  it('validates input with the spec’s details', async () => {
    const noTitle = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: { field: 'title', rule: 'required' } } });
    const badStatus = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', status: 'doing' });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().error.details).toEqual({ field: 'status', value: 'doing', allowed: [...IssueStatuses] });
    const badPriority = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', priority: 'p1' });
    expect(badPriority.json().error.details).toEqual({ field: 'priority', value: 'p1', allowed: [...IssuePriorities] });
    const long = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x'.repeat(201) });
    expect(long.json().error.details).toMatchObject({ field: 'title', rule: 'max_length', max: 200 });
    const badDate = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', dueDate: '2025-02-30' });
    expect(badDate.json().error.details).toMatchObject({ field: 'dueDate', rule: 'date' });
    const unknownField = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', identifier: 'ENG-999' });
    expect(unknownField.json().error.details).toEqual({ field: 'identifier', rule: 'unknown_field' });
    const badPatch = await call(h, w.owner, 'PATCH', `/api/tasks/${(await createIssue(h, w)).id}`, { status: 'closed' });
    expect(badPatch.statusCode).toBe(422);
    expect(badPatch.json().error.details).toEqual({ field: 'status', value: 'closed', allowed: [...IssueStatuses] });
    const badList = await call(h, w.owner, 'GET', `/api/tasks?projectId=${w.projectId}&status=todo,nope`);
    expect(badList.statusCode).toBe(422);
    expect(badList.json().error.details).toEqual({ field: 'status', value: 'nope', allowed: [...IssueStatuses] });
    const badSort = await call(h, w.owner, 'GET', `/api/tasks?projectId=${w.projectId}&sort=secret`);
    expect(badSort.json().error.details).toMatchObject({ field: 'sort', rule: 'sort' });
    const operator = await call(h, w.owner, 'GET', `/api/tasks?projectId[$ne]=x`);
    expect(operator.statusCode).toBe(422);
  });

  it('answers 404 for an unknown project and 403 FORBIDDEN for another team’s', async () => {
    const unknown = await call(h, w.owner, 'POST', '/api/tasks', { projectId: randomUUID(), title: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const stranger = userActor({ teamIds: [randomUUID()] });
    const create = await call(h, stranger, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    const issue = await createIssue(h, w);
    for (const [method, url, payload] of [
      ['GET', `/api/tasks/${issue.id}`, undefined],
      ['PATCH', `/api/tasks/${issue.id}`, { title: 'mine now' }],
      ['GET', `/api/tasks?projectId=${w.projectId}`, undefined],
    ] as const) {
      const res = await call(h, stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const missing = await call(h, w.owner, 'GET', `/api/tasks/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
  });

  it('lists only the caller’s projects, paged, with filters, label semantics and sorts', async () => {
    const lw = newWorld(h, 'LST');
    const other = newWorld(h, 'OTH');
    const dev = h.directory.addMember(lw.teamId, { name: 'Dev One' });
    const a = await createIssue(h, lw, { title: 'A', status: 'todo', priority: 'low', labels: ['bug', 'ui'], assigneeId: dev.id });
    const b = await createIssue(h, lw, { title: 'B', status: 'in_progress', priority: 'urgent', labels: ['bug'] });
    const c = await createIssue(h, lw, { title: 'C', status: 'todo', priority: 'medium', labels: ['ui'], parentId: a.id });
    await createIssue(h, other, { title: 'Not visible' });
    const list = (q: string) => call(h, lw.owner, 'GET', `/api/tasks?${q}`).then((r) => {
      expect(r.statusCode, q).toBe(200);
      return r.json() as { data: Array<{ id: string; title: string; assignee?: unknown }>; meta: unknown };
    });

    const all = await list(`projectId=${lw.projectId}`);
    expect(all.meta).toEqual({ total: 3, page: 1, perPage: 20 });
    expect(all.data.map((i) => i.title)).toEqual(['C', 'B', 'A']);
    expect(all.data.find((i) => i.id === a.id)!.assignee).toEqual({ id: dev.id, name: 'Dev One', avatar: dev.avatar });
    expect(all.data.find((i) => i.id === b.id)).not.toHaveProperty('assignee');

    expect((await list(`status=todo&projectId=${lw.projectId}`)).data.map((i) => i.title)).toEqual(['C', 'A']);
    expect((await list(`status=todo,in_progress`)).meta).toMatchObject({ total: 3 });
    expect((await list(`priority=urgent`)).data.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`assigneeId=${dev.id}`)).data.map((i) => i.id)).toEqual([a.id]);
    expect((await list(`assigneeId=none&projectId=${lw.projectId}`)).data.map((i) => i.title)).toEqual(['C', 'B']);
    expect((await list(`parentId=${a.id}`)).data.map((i) => i.id)).toEqual([c.id]);
    expect((await list(`parentId=none&projectId=${lw.projectId}`)).data.map((i) => i.title)).toEqual(['B', 'A']);
    // Labels: every listed label must be present.
    expect((await list(`labels=bug,ui`)).data.map((i) => i.id)).toEqual([a.id]);
    expect((await list(`labels=bug&sort=createdAt`)).data.map((i) => i.title)).toEqual(['A', 'B']);
    expect((await list(`projectId=${lw.projectId}&sort=-priority`)).data.map((i) => i.title)).toEqual(['B', 'C', 'A']);
    // Workflow order (backlog → cancelled), ties oldest first in ascending sorts.
    expect((await list(`projectId=${lw.projectId}&sort=status`)).data.map((i) => i.title)).toEqual(['A', 'C', 'B']);
    expect((await list(`projectId=${lw.projectId}&sort=title`)).data.map((i) => i.title)).toEqual(['A', 'B', 'C']);
    expect((await list(`projectId=${lw.projectId}&sort=identifier`)).data.map((i) => i.title)).toEqual(['A', 'B', 'C']);

    const page2 = await list(`projectId=${lw.projectId}&limit=2&page=2&sort=identifier`);
    expect(page2.meta).toEqual({ total: 3, page: 2, perPage: 2 });
    expect(page2.data.map((i) => i.title)).toEqual(['C']);
    const tooBig = await call(h, lw.owner, 'GET', '/api/tasks?limit=101');
    expect(tooBig.statusCode).toBe(422);

    // Without projectId: every project of the caller's teams, none of others.
    const mine = await list('');
    expect(mine.data.map((i) => i.title)).not.toContain('Not visible');
  });

  it('answers one issue with comments, activity, blockers and sub-issues', async () => {
    const parent = await createIssue(h, w, { title: 'Parent' });
    const child = await createIssue(h, w, { title: 'Child', parentId: parent.id, priority: 'high' });
    const res = await call(h, w.owner, 'GET', `/api/tasks/${parent.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: parent.id, identifier: parent.identifier, comments: [], blockedBy: [], blocking: [] });
    expect(data.subIssues).toEqual([{ id: child.id, identifier: child.identifier, title: 'Child', status: 'backlog', priority: 'high', assigneeId: null }]);
    expect(data.activity).toEqual([
      { id: expect.any(String), action: 'created', field: 'issue', oldValue: null, newValue: parent.identifier, userId: w.owner.id, userType: 'user', createdAt: expect.any(String) },
    ]);
  });

  it('records every PATCH change in the activity and answers the whole issue', async () => {
    const dev = h.directory.addMember(w.teamId, { name: 'Grace' });
    const issue = await createIssue(h, w, { title: 'Patch me' });
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, {
      status: 'in_progress',
      priority: 'urgent',
      assigneeId: dev.id,
      labels: ['api'],
      estimate: 5,
      dueDate: '2030-01-31',
      title: 'Patched',
      description: 'Now with words',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: issue.id, title: 'Patched', status: 'in_progress', priority: 'urgent', assigneeId: dev.id, assignee: { id: dev.id, name: 'Grace', avatar: dev.avatar }, labels: ['api'], estimate: 5, dueDate: '2030-01-31' });
    expect(data).toHaveProperty('comments');
    expect(data.activity.map((a: { action: string }) => a.action)).toEqual([
      'created',
      'title_changed',
      'description_changed',
      'status_changed',
      'priority_changed',
      'assignee_changed',
      'labels_changed',
      'estimate_changed',
      'due_date_changed',
    ]);
    const status = data.activity.find((a: { action: string }) => a.action === 'status_changed');
    expect(status).toEqual({ id: expect.any(String), action: 'status_changed', field: 'status', oldValue: 'backlog', newValue: 'in_progress', userId: w.owner.id, userType: 'user', createdAt: expect.any(String) });

    // The same values again change nothing and add no activity.
    const again = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'in_progress' });
    expect(again.json().data.activity).toHaveLength(9);
    // Clearing values.
    const cleared = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { assigneeId: null, estimate: null });
    expect(cleared.json().data).toMatchObject({ assigneeId: null, estimate: null });
    expect(cleared.json().data).not.toHaveProperty('assignee');
    expect(cleared.json().data.activity.at(-1)).toMatchObject({ action: 'estimate_changed', oldValue: '5', newValue: null });
  });

  it('accepts as assignee a team member or an agent of the team, nobody else', async () => {
    const bot = h.directory.addAgent(w.teamId, { name: 'Triage Bot' });
    const withBot = await createIssue(h, w, { assigneeId: bot.id });
    expect(withBot.assignee).toEqual({ id: bot.id, name: 'Triage Bot', avatar: bot.avatar });
    const outsider = newWorld(h).owner;
    const refused = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', assigneeId: outsider.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual({ field: 'assigneeId', rule: 'team_member', value: outsider.id });
    const patch = await call(h, w.owner, 'PATCH', `/api/tasks/${withBot.id}`, { assigneeId: outsider.id });
    expect(patch.statusCode).toBe(422);
  });

  it('shows current assignee names, and the snapshot when the directory is down', async () => {
    const dev = h.directory.addMember(w.teamId, { name: 'Old Name' });
    const issue = await createIssue(h, w, { assigneeId: dev.id });
    h.directory.rename(dev.id, 'New Name');
    const fresh = await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`);
    expect(fresh.json().data.assignee.name).toBe('New Name');
    h.directory.down = true;
    try {
      const cached = await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`);
      expect(cached.statusCode).toBe(200);
      expect(cached.json().data.assignee).toEqual({ id: dev.id, name: 'Old Name', avatar: dev.avatar });
    } finally {
      h.directory.down = false;
    }
  });

  it('keeps parents in the same project and refuses cycles', async () => {
    const a = await createIssue(h, w, { title: 'a' });
    const b = await createIssue(h, w, { title: 'b', parentId: a.id });
    const c = await createIssue(h, w, { title: 'c', parentId: b.id });
    const cycle = await call(h, w.owner, 'PATCH', `/api/tasks/${a.id}`, { parentId: c.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().error.details).toMatchObject({ field: 'parentId', rule: 'cycle' });
    const self = await call(h, w.owner, 'PATCH', `/api/tasks/${a.id}`, { parentId: a.id });
    expect(self.json().error.details).toMatchObject({ field: 'parentId', rule: 'cycle' });
    const other = newWorld(h);
    other.owner.teamIds.push(w.teamId);
    const elsewhere = await createIssue(h, other, { title: 'elsewhere' });
    const cross = await call(h, other.owner, 'PATCH', `/api/tasks/${elsewhere.id}`, { parentId: a.id });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().error.details).toMatchObject({ field: 'parentId', rule: 'same_project' });
    const unknown = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId, title: 'x', parentId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const moved = await call(h, w.owner, 'PATCH', `/api/tasks/${c.id}`, { parentId: null });
    expect(moved.json().data.activity.at(-1)).toMatchObject({ action: 'parent_changed', field: 'parentId', oldValue: b.id, newValue: null });
  });

  it('attributes an agent’s changes to the agent', async () => {
    const agent = agentActor(w.owner.id, { teamIds: [w.teamId], agentTeamId: w.teamId });
    const created = await createIssue(h, w, { title: 'By an agent' }, agent);
    expect(created.createdBy).toBe(agent.id);
    const res = await call(h, agent, 'PATCH', `/api/tasks/${created.id}`, { status: 'done' });
    const entry = res.json().data.activity.at(-1);
    expect(entry).toMatchObject({ action: 'status_changed', userId: agent.id, userType: 'agent', oldValue: 'backlog', newValue: 'done' });
  });

  it('answers internal lookups to the system actor only', async () => {
    const issue = await createIssue(h, w);
    const owns = await call(h, SYSTEM_ACTOR, 'GET', `/internal/owns/${issue.id}`);
    expect(owns.statusCode).toBe(200);
    expect(owns.json()).toEqual({ data: { id: issue.id } });
    expect((await call(h, SYSTEM_ACTOR, 'GET', `/internal/owns/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(h, SYSTEM_ACTOR, 'GET', '/internal/owns/not-a-uuid')).statusCode).toBe(404);
    expect((await call(h, w.owner, 'GET', `/internal/owns/${issue.id}`)).statusCode).toBe(404);

    const patched = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    expect(patched.statusCode).toBe(200);
    const states = await call(h, SYSTEM_ACTOR, 'GET', `/internal/issue-states?projectId=${w.projectId}`);
    expect(states.statusCode).toBe(200);
    expect(states.json().data).toContainEqual({ id: issue.id, projectId: w.projectId, status: 'done', version: 2 });
  });
});
