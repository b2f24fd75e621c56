import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActor, testConfig, userActor } from '@momentum/testing';
import { IssuesConfigSchema } from '../../src/config.js';
import { AccountCounts } from '../../src/store/account-counts.js';
import { issuesModels } from '../../src/store/models.js';
import { call, newWorld, startHarness, type Harness, type World } from '../support/harness.js';

const quotaError = (what: string, limit: number) => ({
  error: {
    code: 'QUOTA_EXCEEDED',
    message: `${what}: the limit of ${limit} is reached`,
    details: { limit },
  },
});

/**
 * MAX_ISSUES_PER_CREATOR and MAX_COMMENTS_PER_AUTHOR: counted per account by a counter
 * document kept with the writes, checked by one guarded `$inc`; two processes on one
 * database share it.
 */
describe('issues and comments per account are limited', () => {
  const pair: Harness[] = [];
  let w: World;
  beforeAll(async () => {
    const config = IssuesConfigSchema.parse(
      testConfig({ MAX_ISSUES_PER_CREATOR: '3', MAX_COMMENTS_PER_AUTHOR: '2' }),
    );
    const first = await startHarness(config);
    pair.push(first, await startHarness(config, first));
    w = newWorld(first, 'QTA');
  });
  afterAll(async () => {
    for (const h of pair.reverse()) await h.close();
  });
  const counts = () => new AccountCounts(issuesModels(pair[0]!.ctx.db));
  const newIssue = (i: number, actor = w.owner, title = `Quota ${i}`) =>
    call(pair[i % 2]!, actor, 'POST', '/api/tasks', { projectId: w.projectId, title });
  const comment = (i: number, issueId: string, actor = w.owner) =>
    call(pair[i % 2]!, actor, 'POST', `/api/tasks/${issueId}/comments`, { body: `c${i}` });

  it('issues: 409 QUOTA_EXCEEDED past the limit, room again after a delete; each account apart', async () => {
    const ada = userActor({ teamIds: [w.teamId], name: 'ada-quota' });
    pair[0]!.directory.addMember(w.teamId, { id: ada.id, name: ada.name });
    const made = [];
    for (let i = 0; i < 3; i++) {
      const res = await newIssue(i, ada);
      expect(res.statusCode).toBe(201);
      made.push(res.json().data.id as string);
    }
    const over = await newIssue(3, ada);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(quotaError('Issues per creator', 3));
    expect(await counts().count('issues', ada.id)).toBe(3);

    // Deleted by someone else (the owner may delete), the slot is the creator's again.
    expect((await call(pair[1]!, w.owner, 'DELETE', `/api/tasks/${made[0]}`)).statusCode).toBe(204);
    expect((await call(pair[0]!, w.owner, 'DELETE', `/api/tasks/${made[0]}`)).statusCode).toBe(404);
    expect(await counts().count('issues', ada.id)).toBe(2);
    expect((await newIssue(4, ada)).statusCode).toBe(201);
    expect((await newIssue(5, ada)).statusCode).toBe(409);

    // An agent is counted for itself, not against its owner; a refused create takes no slot.
    const agent = agentActor(ada.id, { teamIds: [w.teamId], agentTeamId: w.teamId });
    const refused = await call(pair[0]!, agent, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      assigneeId: w.teamId,
    });
    expect(refused.statusCode).toBe(422);
    for (let i = 0; i < 3; i++) expect((await newIssue(i, agent)).statusCode).toBe(201);
    expect((await newIssue(3, agent)).statusCode).toBe(409);
  });

  it('never lets creates racing on two processes past the limit', async () => {
    const racer = userActor({ teamIds: [w.teamId], name: 'racer-quota' });
    pair[0]!.directory.addMember(w.teamId, { id: racer.id, name: racer.name });
    const replies = await Promise.all(Array.from({ length: 24 }, (_, i) => newIssue(i, racer)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(3).fill(201), ...Array(21).fill(409)]);
    expect(await counts().count('issues', racer.id)).toBe(3);
  });

  it('comments: 409 QUOTA_EXCEEDED past the limit, also racing; room again after a delete', async () => {
    const issueId = (await newIssue(0, w.owner, 'Commented')).json().data.id as string;
    const bob = userActor({ teamIds: [w.teamId], name: 'bob-quota' });
    pair[0]!.directory.addMember(w.teamId, { id: bob.id, name: bob.name });
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => comment(i, issueId, bob)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, ...Array(10).fill(409)]);
    const over = replies.find((r) => r.statusCode === 409)!;
    expect(over.json()).toEqual(quotaError('Comments per author', 2));
    expect(await counts().count('comments', bob.id)).toBe(2);

    const mine = replies.find((r) => r.statusCode === 201)!.json().data.id as string;
    const del = await call(pair[1]!, bob, 'DELETE', `/api/tasks/${issueId}/comments/${mine}`);
    expect(del.statusCode).toBe(204);
    expect(await counts().count('comments', bob.id)).toBe(1);
    expect((await comment(0, issueId, bob)).statusCode).toBe(201);
    expect((await comment(1, issueId, bob)).statusCode).toBe(409);
    // The owner has room of their own.
    expect((await comment(1, issueId)).statusCode).toBe(201);
  });
});
