import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { IssueStatuses, SYSTEM_ACTOR } from '@momentum/contracts';
import { signActor } from '@momentum/http';
import {
  api,
  eventually,
  internalSecret,
  newTeam,
  newUser,
  serviceUrls,
} from '../../../../test/support/e2e.js';

const zero = Object.fromEntries(IssueStatuses.map((s) => [s, 0]));

describe('projects through the gateway', () => {
  it('creates, lists, reads and updates a project with counts', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const team = await newTeam(ada, [bob]);
    const created = await api(ada.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: 'Website Relaunch',
      icon: '🌐',
      color: '#3366FF',
      leadId: bob.id,
      startDate: '2025-01-10',
      targetDate: '2025-03-31',
    });
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({
      teamId: team.id,
      name: 'Website Relaunch',
      slug: 'website-relaunch',
      key: 'WR',
      status: 'planned',
      color: '#3366ff',
      leadId: bob.id,
      _count: { issues: 0, issuesByStatus: zero },
    });

    const list = await api(bob.apiKey, 'GET', `/api/projects?teamId=${team.id}`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, page: 1, perPage: 20 });
    expect(list.body.data[0]).toEqual(p);

    const patched = await api(bob.apiKey, 'PATCH', `/api/projects/${p.id}`, {
      status: 'started',
      targetDate: '2025-04-30',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      ...p,
      status: 'started',
      targetDate: '2025-04-30',
      updatedAt: expect.any(String),
    });

    const early = await api(bob.apiKey, 'PATCH', `/api/projects/${p.id}`, {
      targetDate: '2025-01-01',
    });
    expect(early.status).toBe(422);
    expect(early.body.error.details).toEqual({ field: 'targetDate', rule: 'not_before_start' });
  });

  it('checks the lead against the team’s real members', async () => {
    const ada = await newUser();
    const stranger = await newUser();
    const team = await newTeam(ada);
    const res = await api(ada.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: 'Led',
      leadId: stranger.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'leadId', rule: 'team_member' },
    });
  });

  it('keeps other teams out: 403 FORBIDDEN, unknown id 404, missing name 422', async () => {
    const ada = await newUser();
    const eve = await newUser();
    const team = await newTeam(ada);
    await newTeam(eve);
    const p = (await api(ada.apiKey, 'POST', '/api/projects', { teamId: team.id, name: 'Secret' }))
      .body.data;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'mine now' }],
    ] as const) {
      const res = await api(eve.apiKey, method, `/api/projects/${p.id}`, body);
      expect(res.status, method).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect(
      (await api(eve.apiKey, 'POST', '/api/projects', { teamId: team.id, name: 'Intruder' }))
        .status,
    ).toBe(403);
    expect((await api(eve.apiKey, 'GET', '/api/projects')).body.data).toEqual([]);
    const unknown = await api(ada.apiKey, 'GET', `/api/projects/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const missing = await api(ada.apiKey, 'POST', '/api/projects', { teamId: team.id });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual({ field: 'name', rule: 'required' });
  });

  it('creating a project and at once an issue in it always works', async () => {
    const ada = await newUser();
    const team = await newTeam(ada);
    for (let i = 0; i < 10; i++) {
      const p = (
        await api(ada.apiKey, 'POST', '/api/projects', {
          teamId: team.id,
          name: `Sprint ${i}`,
          key: `SP${i}`,
        })
      ).body.data;
      const issue = await api(ada.apiKey, 'POST', '/api/tasks', {
        projectId: p.id,
        title: 'first',
      });
      expect(issue.status, issue.text).toBe(201);
      expect(issue.body.data.identifier).toBe(`SP${i}-1`);
    }
  });

  it('issue counts converge within a second of issue writes', async () => {
    const ada = await newUser();
    const team = await newTeam(ada);
    const p = (await api(ada.apiKey, 'POST', '/api/projects', { teamId: team.id, name: 'Counted' }))
      .body.data;
    const created = [];
    for (const status of ['todo', 'todo', 'in_progress']) {
      const res = await api(ada.apiKey, 'POST', '/api/tasks', {
        projectId: p.id,
        title: `issue ${status}`,
        status,
      });
      expect(res.status, res.text).toBe(201);
      created.push(res.body.data);
    }
    const countsAre = (expected: Record<string, number>) =>
      eventually(async () => {
        const res = await api(ada.apiKey, 'GET', `/api/projects/${p.id}`);
        const want = { ...zero, ...expected };
        const total = Object.values(want).reduce((a, b) => a + b, 0);
        return (
          JSON.stringify(res.body.data._count) ===
          JSON.stringify({ issues: total, issuesByStatus: want })
        );
      }, 1000);
    await countsAre({ todo: 2, in_progress: 1 });

    const moved = await api(ada.apiKey, 'PATCH', `/api/tasks/${created[0].id}`, { status: 'done' });
    expect(moved.status, moved.text).toBe(200);
    await countsAre({ todo: 1, in_progress: 1, done: 1 });

    const list = await api(ada.apiKey, 'GET', `/api/projects?teamId=${team.id}`);
    expect(list.body.data[0]._count).toEqual({
      issues: 3,
      issuesByStatus: { ...zero, todo: 1, in_progress: 1, done: 1 },
    });

    // Rebuilding from the issues service's truth gives the same answer.
    const rebuilt = await fetch(
      `${serviceUrls().projects}/internal/projects/${p.id}/rebuild-counts`,
      {
        method: 'POST',
        headers: signActor(SYSTEM_ACTOR, internalSecret(), {
          method: 'POST',
          url: `/internal/projects/${p.id}/rebuild-counts`,
        }),
      },
    );
    expect(rebuilt.status).toBe(200);
    const body = (await rebuilt.json()) as { data: { issues: number; _count: unknown } };
    expect(body.data).toMatchObject({
      issues: 3,
      _count: { issues: 3, issuesByStatus: { ...zero, todo: 1, in_progress: 1, done: 1 } },
    });

    // A deleted issue leaves the counts.
    const deleted = await api(ada.apiKey, 'DELETE', `/api/tasks/${created[2].id}`);
    expect(deleted.status).toBe(204);
    await countsAre({ todo: 1, done: 1 });
  });
});
