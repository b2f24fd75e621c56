import { describe, expect, it } from 'vitest';
import { agentActor, useStarted } from '@momentum/testing';
import { member, requests, startHarness } from './harness.js';

describe('projects per creator are limited (MAX_PROJECTS_PER_CREATOR)', () => {
  const h = useStarted(() => startHarness({ MAX_PROJECTS_PER_CREATOR: '2' }));
  const { post } = requests(() => h);

  it('409 QUOTA_EXCEEDED with details {limit} past it; each creator is counted apart', async () => {
    const ada = member(h);
    const teamId = ada.teamIds[0]!;
    expect((await post(ada, { teamId, name: 'Quota One' })).statusCode).toBe(201);
    expect((await post(ada, { teamId, name: 'Quota Two' })).statusCode).toBe(201);
    const over = await post(ada, { teamId, name: 'Quota Three' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: {
        code: 'QUOTA_EXCEEDED',
        message: 'Projects per creator: the limit of 2 is reached',
        details: { limit: 2 },
      },
    });
    // A teammate still has room of their own.
    const bob = member(h, [teamId]);
    expect((await post(bob, { teamId, name: 'Quota Four' })).statusCode).toBe(201);
    // An agent is counted for itself, not against its owner.
    const agent = agentActor(ada.id, { teamIds: [teamId], agentTeamId: teamId });
    expect((await post(agent, { teamId, name: 'Quota Five' })).statusCode).toBe(201);
    expect((await post(agent, { teamId, name: 'Quota Six' })).statusCode).toBe(201);
    expect((await post(agent, { teamId, name: 'Quota Seven' })).statusCode).toBe(409);
  });
});
