import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor } from '@momentum/testing';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

describe('issues: read one, update, assignees, parents', () => {
  const { h, w } = useIssuesApp('ENG');

  it('answers one issue with comments, activity, blockers and sub-issues', async () => {
    const parent = await createIssue(h, w, { title: 'Parent' });
    const child = await createIssue(h, w, {
      title: 'Child',
      parentId: parent.id,
      priority: 'high',
    });
    const res = await call(h, w.owner, 'GET', `/api/tasks/${parent.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: parent.id,
      identifier: parent.identifier,
      comments: [],
      blockedBy: [],
      blocking: [],
    });
    expect(data.subIssues).toEqual([
      {
        id: child.id,
        identifier: child.identifier,
        title: 'Child',
        status: 'backlog',
        priority: 'high',
        assigneeId: null,
      },
    ]);
    expect(data.activity).toEqual([
      {
        id: expect.any(String),
        action: 'created',
        field: 'issue',
        oldValue: null,
        newValue: parent.identifier,
        userId: w.owner.id,
        userType: 'user',
        createdAt: expect.any(String),
      },
    ]);
  });

  /** The issue's page, where its activity is (a PATCH answers the issue alone). */
  const activityOf = async (id: string) =>
    (await call(h, w.owner, 'GET', `/api/tasks/${id}`)).json().data.activity;

  it('records every PATCH change in the activity and answers the issue as POST does', async () => {
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
    expect(data).toMatchObject({
      id: issue.id,
      title: 'Patched',
      status: 'in_progress',
      priority: 'urgent',
      assigneeId: dev.id,
      assignee: { id: dev.id, name: 'Grace', avatar: dev.avatar },
      labels: ['api'],
      estimate: 5,
      dueDate: '2030-01-31',
    });
    // The issue's own fields, as POST answers it: no page parts.
    expect(Object.keys(data).sort()).toEqual([...Object.keys(issue), 'assignee'].sort());
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(String(issue.updatedAt)));
    const activity = await activityOf(issue.id);
    expect(activity.map((a: { action: string }) => a.action)).toEqual([
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
    const status = activity.find((a: { action: string }) => a.action === 'status_changed');
    expect(status).toEqual({
      id: expect.any(String),
      action: 'status_changed',
      field: 'status',
      oldValue: 'backlog',
      newValue: 'in_progress',
      userId: w.owner.id,
      userType: 'user',
      createdAt: expect.any(String),
    });

    // The same values again change nothing and add no activity.
    const again = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, {
      status: 'in_progress',
    });
    expect(again.json().data.updatedAt).toBe(data.updatedAt);
    expect(await activityOf(issue.id)).toHaveLength(9);
    // Clearing values.
    const cleared = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, {
      assigneeId: null,
      estimate: null,
    });
    expect(cleared.json().data).toMatchObject({ assigneeId: null, estimate: null });
    expect(cleared.json().data).not.toHaveProperty('assignee');
    expect((await activityOf(issue.id)).at(-1)).toMatchObject({
      action: 'estimate_changed',
      oldValue: '5',
      newValue: null,
    });
  });

  it('accepts as assignee a team member or an agent of the team, nobody else', async () => {
    const bot = h.directory.addAgent(w.teamId, { name: 'Triage Bot' });
    const withBot = await createIssue(h, w, { assigneeId: bot.id });
    expect(withBot.assignee).toEqual({ id: bot.id, name: 'Triage Bot', avatar: bot.avatar });
    const outsider = newWorld(h).owner;
    const refused = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      assigneeId: outsider.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual({
      field: 'assigneeId',
      rule: 'team_member',
      value: outsider.id,
    });
    const patch = await call(h, w.owner, 'PATCH', `/api/tasks/${withBot.id}`, {
      assigneeId: outsider.id,
    });
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
      expect(cached.json().data.assignee).toEqual({
        id: dev.id,
        name: 'Old Name',
        avatar: dev.avatar,
      });
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
    const cross = await call(h, other.owner, 'PATCH', `/api/tasks/${elsewhere.id}`, {
      parentId: a.id,
    });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().error.details).toMatchObject({ field: 'parentId', rule: 'same_project' });
    const unknown = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      parentId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const moved = await call(h, w.owner, 'PATCH', `/api/tasks/${c.id}`, { parentId: null });
    expect(moved.json().data.parentId).toBeNull();
    expect((await activityOf(c.id)).at(-1)).toMatchObject({
      action: 'parent_changed',
      field: 'parentId',
      oldValue: b.id,
      newValue: null,
    });
  });

  it('attributes an agent’s changes to the agent', async () => {
    const agent = agentActor(w.owner.id, { teamIds: [w.teamId], agentTeamId: w.teamId });
    const created = await createIssue(h, w, { title: 'By an agent' }, agent);
    expect(created.createdBy).toBe(agent.id);
    const res = await call(h, agent, 'PATCH', `/api/tasks/${created.id}`, { status: 'done' });
    expect(res.json().data.status).toBe('done');
    const entry = (await activityOf(created.id)).at(-1);
    expect(entry).toMatchObject({
      action: 'status_changed',
      userId: agent.id,
      userType: 'agent',
      oldValue: 'backlog',
      newValue: 'done',
    });
  });
});
