import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  api,
  eventually,
  gatewayUrl,
  newTeam,
  newUser,
  type TestUser,
} from '../../../../test/support/e2e.js';

/** A team of `owner` and `others` with a project created through the gateway. */
async function world(others: TestUser[] = []) {
  const owner = await newUser();
  const team = await newTeam(owner, others);
  const project = await api(owner.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: `Issues ${randomUUID().slice(0, 6)}`,
  });
  if (project.status !== 201)
    throw new Error(`creating a project failed: ${project.status} ${project.text}`);
  return { owner, team, project: project.body.data as { id: string; key: string } };
}

describe('issues through the gateway', () => {
  it('creates an issue at once after its project, lists it with its assignee, and counts it in the project', async () => {
    const bob = await newUser();
    const { owner, project } = await world([bob]);
    const created = await api(owner.apiKey, 'POST', '/api/tasks', {
      projectId: project.id,
      title: 'Ship it',
      assigneeId: bob.id,
      labels: ['release'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      projectId: project.id,
      identifier: `${project.key}-1`,
      status: 'backlog',
      priority: 'none',
      assigneeId: bob.id,
    });
    const second = await api(owner.apiKey, 'POST', '/api/tasks', {
      projectId: project.id,
      title: 'Then this',
    });
    expect(second.body.data.identifier).toBe(`${project.key}-2`);

    const list = await api(bob.apiKey, 'GET', `/api/tasks?projectId=${project.id}&labels=release`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, page: 1, perPage: 20, nextCursor: null });
    expect(list.body.data[0].assignee).toEqual({
      id: bob.id,
      name: bob.name,
      avatar: expect.stringMatching(/^\/api\/avatars\/user\/[0-9a-f-]{36}\.svg/),
    });
    // The avatar loads from the gateway, without a key.
    const avatar = await fetch(`${gatewayUrl()}${list.body.data[0].assignee.avatar}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');

    const counted = await eventually(async () => {
      const p = await api(owner.apiKey, 'GET', `/api/projects/${project.id}`);
      return p.body.data?._count?.issues === 2 ? p.body.data._count : null;
    });
    expect(counted.issuesByStatus.backlog).toBe(2);
  });

  it('answers 404 for an unknown project, 403 FORBIDDEN for another team’s, 422 for a stranger assignee', async () => {
    const { owner, project } = await world();
    const outsider = await newUser();
    const unknown = await api(owner.apiKey, 'POST', '/api/tasks', {
      projectId: randomUUID(),
      title: 'x',
    });
    expect(unknown.status).toBe(404);
    const forbidden = await api(outsider.apiKey, 'POST', '/api/tasks', {
      projectId: project.id,
      title: 'x',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    const stranger = await api(owner.apiKey, 'POST', '/api/tasks', {
      projectId: project.id,
      title: 'x',
      assigneeId: outsider.id,
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.details).toMatchObject({ field: 'assigneeId', rule: 'team_member' });
  });

  it('records changes, comments and blockers in the activity and serves them on the issue', async () => {
    const bob = await newUser();
    const { owner, project } = await world([bob]);
    const a = (
      await api(owner.apiKey, 'POST', '/api/tasks', { projectId: project.id, title: 'Alpha' })
    ).body.data;
    const b = (
      await api(owner.apiKey, 'POST', '/api/tasks', {
        projectId: project.id,
        title: 'Beta',
        parentId: a.id,
      })
    ).body.data;

    const patched = await api(owner.apiKey, 'PATCH', `/api/tasks/${a.id}`, {
      status: 'in_progress',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.status).toBe('in_progress');
    expect(patched.body.data).not.toHaveProperty('activity');
    const page = await api(owner.apiKey, 'GET', `/api/tasks/${a.id}`);
    expect(page.body.data.activity.at(-1)).toMatchObject({
      action: 'status_changed',
      field: 'status',
      oldValue: 'backlog',
      newValue: 'in_progress',
      userId: owner.id,
    });

    const comment = await api(owner.apiKey, 'POST', `/api/tasks/${a.id}/comments`, {
      body: `Please review, @${bob.name}`,
    });
    expect(comment.status).toBe(201);
    expect(comment.body.data.mentions).toEqual([{ id: bob.id, name: bob.name, type: 'user' }]);
    const notTheirs = await api(
      bob.apiKey,
      'PATCH',
      `/api/tasks/${a.id}/comments/${comment.body.data.id}`,
      { body: 'mine now' },
    );
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error.code).toBe('FORBIDDEN');

    const blocker = await api(owner.apiKey, 'POST', `/api/tasks/${b.id}/blockers`, {
      blockedById: a.id,
    });
    expect(blocker.status).toBe(201);
    const cycle = await api(owner.apiKey, 'POST', `/api/tasks/${a.id}/blockers`, {
      blockedById: b.id,
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body.error.details).toMatchObject({ rule: 'cycle' });

    const detail = await api(bob.apiKey, 'GET', `/api/tasks/${a.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.comments.map((c: { id: string }) => c.id)).toEqual([
      comment.body.data.id,
    ]);
    expect(detail.body.data.activity.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'status_changed',
      'comment_added',
      'blocking_added',
    ]);
    expect(detail.body.data.blocking[0].issue).toEqual({
      id: b.id,
      identifier: b.identifier,
      title: 'Beta',
      status: 'backlog',
    });
    expect(detail.body.data.subIssues).toEqual([
      {
        id: b.id,
        identifier: b.identifier,
        title: 'Beta',
        status: 'backlog',
        priority: 'none',
        assigneeId: null,
      },
    ]);

    const removed = await api(
      owner.apiKey,
      'DELETE',
      `/api/tasks/${b.id}/blockers/${blocker.body.data.id}`,
    );
    expect(removed.status).toBe(204);
    expect((await api(owner.apiKey, 'GET', `/api/tasks/${b.id}/blockers`)).body.data).toEqual({
      blockedBy: [],
      blocking: [],
    });

    // The gateway routes DELETE of an issue id here (the spec leaves issue deletion open).
    expect((await api(owner.apiKey, 'DELETE', `/api/tasks/${b.id}`)).status).toBe(204);
    expect((await api(owner.apiKey, 'GET', `/api/tasks/${b.id}`)).status).toBe(404);
  });

  it('attributes an agent key’s changes to the agent', async () => {
    const { owner, team, project } = await world();
    const agent = (
      await api(owner.apiKey, 'POST', '/api/agents', {
        name: `bot-${randomUUID().slice(0, 6)}`,
        teamId: team.id,
      })
    ).body.data;
    const key = await api(owner.apiKey, 'POST', `/api/agents/${agent.id}/api-key`);
    expect(key.status).toBe(201);
    const issue = (
      await api(owner.apiKey, 'POST', '/api/tasks', {
        projectId: project.id,
        title: 'For the bot',
        assigneeId: agent.id,
      })
    ).body.data;
    expect(issue.assigneeId).toBe(agent.id);
    const patched = await api(key.body.data.apiKey, 'PATCH', `/api/tasks/${issue.id}`, {
      priority: 'high',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.priority).toBe('high');
    const page = await api(key.body.data.apiKey, 'GET', `/api/tasks/${issue.id}`);
    expect(page.body.data.activity.at(-1)).toMatchObject({
      action: 'priority_changed',
      oldValue: 'none',
      newValue: 'high',
      userId: agent.id,
    });
  });

  it('searches titles and descriptions, accent- and case-insensitively, within the caller’s projects', async () => {
    const { owner, project } = await world();
    const word = `zebra${randomUUID().slice(0, 6)}`;
    const hit = (
      await api(owner.apiKey, 'POST', '/api/tasks', {
        projectId: project.id,
        title: `Café ${word} crash`,
        description: 'Résumé upload',
      })
    ).body.data;
    const found = await api(
      owner.apiKey,
      'GET',
      `/api/tasks/search?q=${encodeURIComponent(`CAFE ${word.slice(0, 7)}`)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.map((i: { id: string }) => i.id)).toEqual([hit.id]);
    expect(found.body.meta).toEqual({ total: 1, page: 1, perPage: 20 });
    const other = await newUser();
    expect((await api(other.apiKey, 'GET', `/api/tasks/search?q=${word}`)).body.data).toEqual([]);
    expect((await api(owner.apiKey, 'GET', '/api/tasks/search')).status).toBe(422);
  });
});
