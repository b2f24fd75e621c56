import { describe, expect, it } from 'vitest';
import { connect, errorOf, fakeClient } from './harness.js';

const ID = '0b7f4e0e-2a52-4a8e-9b8e-0d6f7f3c1a10';
const OTHER = '5d1c7a52-7c1e-4f6e-8a7b-2a4b5c6d7e8f';
const AT = '2025-01-01T00:00:00.000Z';

describe('complete_task', () => {
  it('posts to …/complete and returns XP, level, leveledUp and the streak', async () => {
    const { client: api, calls } = fakeClient(() => ({
      status: 200,
      body: {
        data: {
          task: { id: ID, streak: 16, updatedAt: AT },
          xpEarned: 11,
          newLevel: 3,
          leveledUp: true,
          // A field the service may add later does not break the closed result.
          bonus: 'x',
        },
      },
    }));
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('complete_task', { id: ID });
    expect(calls).toEqual([{ method: 'POST', path: `/api/tasks/${ID}/complete`, body: undefined }]);
    expect(result.structuredContent).toEqual({
      xpEarned: 11,
      newLevel: 3,
      leveledUp: true,
      streak: 16,
      task: { id: ID, streak: 16, updatedAt: AT },
    });
    await mcp.close();
  });

  it('a second completion of a daily comes back as the REST conflict', async () => {
    const { client: api } = fakeClient(() => ({
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'Already done today',
          details: { rule: 'once_per_day' },
        },
      },
    }));
    const mcp = await connect(api, 'in-app');
    expect(await mcp.fail('complete_task', { id: ID })).toEqual({
      code: 'CONFLICT',
      message: 'Already done today',
      details: { rule: 'once_per_day' },
      status: 409,
    });
    await mcp.close();
  });
});

describe('archive_task', () => {
  it('patches archived: true (never DELETE, which removes an issue)', async () => {
    const { client: api, calls } = fakeClient(() => ({
      status: 200,
      body: { data: { id: ID, archived: true, updatedAt: AT } },
    }));
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('archive_task', { id: ID });
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/tasks/${ID}`, body: { archived: true } },
    ]);
    expect(result.structuredContent).toEqual({ task: { id: ID, archived: true, updatedAt: AT } });
    await mcp.close();
  });
});

describe('add_blocker and remove_blocker', () => {
  const relation = {
    id: OTHER,
    issueId: ID,
    blockedById: OTHER,
    blockedByIssue: { id: OTHER, identifier: 'ENG-2', title: 'Other', status: 'todo' },
  };

  it('add_blocker posts blockedById to the issue’s blockers', async () => {
    const { client: api, calls } = fakeClient(() => ({ status: 201, body: { data: relation } }));
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('add_blocker', { issueId: ID, blockedById: OTHER });
    expect(calls).toEqual([
      { method: 'POST', path: `/api/tasks/${ID}/blockers`, body: { blockedById: OTHER } },
    ]);
    expect(result.structuredContent).toEqual({ blocker: relation });
    await mcp.close();
  });

  it('remove_blocker deletes the relation (204), then returns what is left', async () => {
    const { client: api, calls } = fakeClient((call) =>
      call.method === 'DELETE'
        ? { status: 204, body: undefined }
        : { status: 200, body: { data: { blockedBy: [], blocking: [relation] } } },
    );
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('remove_blocker', { issueId: ID, blockerId: OTHER });
    expect(calls).toEqual([
      { method: 'DELETE', path: `/api/tasks/${ID}/blockers/${OTHER}`, body: undefined },
      { method: 'GET', path: `/api/tasks/${ID}/blockers`, body: undefined },
    ]);
    expect(result.structuredContent).toEqual({ blockers: { blockedBy: [], blocking: [relation] } });
    await mcp.close();
  });

  it('remove_blocker stops at a refused DELETE', async () => {
    const { client: api, calls } = fakeClient(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Blocker not found' } },
    }));
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('remove_blocker', { issueId: ID, blockerId: OTHER });
    expect(errorOf(result)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(calls).toHaveLength(1);
    await mcp.close();
  });
});
