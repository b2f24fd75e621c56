import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor, userActor } from '@momentum/testing';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

describe('issues: comments', () => {
  const { h, w } = useIssuesApp('COM');

  it('adds a comment (201) with resolved @mentions of members and agents', async () => {
    const ada = h.directory.addMember(w.teamId, { name: 'Ada Lovelace' });
    const bot = h.directory.addAgent(w.teamId, { name: 'Triage Bot' });
    const stranger = newWorld(h);
    h.directory.addMember(stranger.teamId, { name: 'Eve' });
    const issue = await createIssue(h, w);
    const res = await call(h, w.owner, 'POST', `/api/tasks/${issue.id}/comments`, {
      body: 'Thanks @ada.lovelace — @triage-bot please label. cc @Eve',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      issueId: issue.id,
      body: 'Thanks @ada.lovelace — @triage-bot please label. cc @Eve',
      userId: w.owner.id,
      userType: 'user',
      mentions: expect.arrayContaining([
        { id: ada.id, name: 'Ada Lovelace', type: 'user' },
        { id: bot.id, name: 'Triage Bot', type: 'agent' },
      ]),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.json().data.mentions).toHaveLength(2);
  });

  it('validates the body: 1 to 10,000 characters, not blank', async () => {
    const issue = await createIssue(h, w);
    const url = `/api/tasks/${issue.id}/comments`;
    expect((await call(h, w.owner, 'POST', url, {})).json().error.details).toEqual({
      field: 'body',
      rule: 'required',
    });
    expect((await call(h, w.owner, 'POST', url, { body: '' })).json().error.details).toMatchObject({
      field: 'body',
      rule: 'min_length',
    });
    expect((await call(h, w.owner, 'POST', url, { body: '   ' })).statusCode).toBe(422);
    const long = await call(h, w.owner, 'POST', url, { body: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.details).toMatchObject({
      field: 'body',
      rule: 'max_length',
      max: 10_000,
    });
    expect((await call(h, w.owner, 'POST', url, { body: 'x'.repeat(10_000) })).statusCode).toBe(
      201,
    );
  });

  it('lets only the author edit or delete, and records each action in the activity', async () => {
    const issue = await createIssue(h, w);
    const teammate = userActor({ teamIds: [w.teamId] });
    const created = (
      await call(h, w.owner, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'first' })
    ).json().data;
    const url = `/api/tasks/${issue.id}/comments/${created.id}`;

    const notMine = await call(h, teammate, 'PATCH', url, { body: 'hijack' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('FORBIDDEN');
    expect((await call(h, teammate, 'DELETE', url)).statusCode).toBe(403);

    const edited = await call(h, w.owner, 'PATCH', url, { body: 'second' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: created.id,
      body: 'second',
      userId: w.owner.id,
    });

    const detail = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual(['second']);

    const removed = await call(h, w.owner, 'DELETE', url);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(h, w.owner, 'DELETE', url)).statusCode).toBe(404);

    const after = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(after.comments).toEqual([]);
    expect(
      after.activity.map(
        (a: { action: string; oldValue: string | null; newValue: string | null }) => [
          a.action,
          a.oldValue,
          a.newValue,
        ],
      ),
    ).toEqual([
      ['created', null, issue.identifier],
      ['comment_added', null, created.id],
      ['comment_edited', created.id, created.id],
      ['comment_deleted', created.id, null],
    ]);
  });

  it('answers comments oldest first, attributed to agents when an agent wrote them', async () => {
    const issue = await createIssue(h, w);
    const agent = agentActor(w.owner.id, { teamIds: [w.teamId] });
    await call(h, w.owner, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'one' });
    const byAgent = await call(h, agent, 'POST', `/api/tasks/${issue.id}/comments`, {
      body: 'two',
    });
    expect(byAgent.json().data).toMatchObject({ userId: agent.id, userType: 'agent' });
    // The agent's owner is not the comment's owner.
    expect(
      (
        await call(
          h,
          w.owner,
          'DELETE',
          `/api/tasks/${issue.id}/comments/${byAgent.json().data.id}`,
        )
      ).statusCode,
    ).toBe(403);
    const detail = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual(['one', 'two']);
    expect(detail.activity.at(-1)).toMatchObject({
      action: 'comment_added',
      userId: agent.id,
      userType: 'agent',
    });
  });

  it('refuses comments on unknown and invisible issues', async () => {
    expect(
      (await call(h, w.owner, 'POST', `/api/tasks/${randomUUID()}/comments`, { body: 'x' }))
        .statusCode,
    ).toBe(404);
    const issue = await createIssue(h, w);
    const stranger = userActor({ teamIds: [randomUUID()] });
    const res = await call(h, stranger, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(
      (
        await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}/comments/${randomUUID()}`, {
          body: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('still comments when the directory is down, with no mentions resolved', async () => {
    const issue = await createIssue(h, w);
    h.directory.down = true;
    try {
      const res = await call(h, w.owner, 'POST', `/api/tasks/${issue.id}/comments`, {
        body: 'hello @someone',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.mentions).toEqual([]);
    } finally {
      h.directory.down = false;
    }
  });
});
