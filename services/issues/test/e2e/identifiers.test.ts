import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, httpTransport, type McpTestClient } from '@momentum/mcp-tools/testing';
import { api, gatewayUrl, newTeam, newUser, type TestUser } from '../../../../test/support/e2e.js';

/** A team of `owner` with a project of the given key, made through the gateway. */
async function projectOf(owner: TestUser, key: string) {
  const team = await newTeam(owner);
  const res = await api(owner.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: `Identifiers ${key}`,
    key,
  });
  if (res.status !== 201) throw new Error(`creating a project failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; key: string };
}

async function issueIn(owner: TestUser, projectId: string, title: string) {
  const res = await api(owner.apiKey, 'POST', '/api/tasks', { projectId, title });
  if (res.status !== 201) throw new Error(`creating an issue failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; identifier: string };
}

describe('issue identifiers through the gateway and /mcp', () => {
  const key = `I${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`;
  let ada: TestUser;
  let eve: TestUser;
  let first: { id: string; identifier: string };
  let second: { id: string; identifier: string };
  let theirs: { id: string; identifier: string };
  let mcp: McpTestClient;

  beforeAll(async () => {
    [ada, eve] = await Promise.all([newUser(), newUser()]);
    const [mine, other] = await Promise.all([projectOf(ada, key), projectOf(eve, key)]);
    first = await issueIn(ada, mine.id, 'Identifiers everywhere');
    second = await issueIn(ada, mine.id, 'Second of ours');
    await issueIn(eve, other.id, 'Theirs 1');
    await issueIn(eve, other.id, 'Theirs 2');
    theirs = await issueIn(eve, other.id, 'Theirs 3');
    mcp = await connectClient(httpTransport(`${gatewayUrl()}/mcp`, ada.apiKey));
  });
  afterAll(() => mcp?.close());

  it('GET, PATCH and DELETE /api/tasks/<identifier> act on the issue, in any case', async () => {
    expect(first.identifier).toBe(`${key}-1`);
    const byId = await api(ada.apiKey, 'GET', `/api/tasks/${first.id}`);
    const byKey = await api(ada.apiKey, 'GET', `/api/tasks/${key.toLowerCase()}-1`);
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(byId.body);
    const patched = await api(ada.apiKey, 'PATCH', `/api/tasks/${key}-2`, {
      priority: 'high',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: second.id, priority: 'high' });
    const extra = await issueIn(ada, byId.body.data.projectId, 'Delete me');
    expect((await api(ada.apiKey, 'DELETE', `/api/tasks/${extra.identifier}`)).status).toBe(204);
    expect((await api(ada.apiKey, 'GET', `/api/tasks/${extra.id}`)).status).toBe(404);
  });

  it('comments and blockers take it too', async () => {
    const comment = await api(ada.apiKey, 'POST', `/api/tasks/${key}-1/comments`, {
      body: 'by identifier',
    });
    expect(comment.status).toBe(201);
    const blocker = await api(ada.apiKey, 'POST', `/api/tasks/${key}-2/blockers`, {
      blockedById: `${key}-1`,
    });
    expect(blocker.status).toBe(201);
    expect(blocker.body.data).toMatchObject({ issueId: second.id, blockedById: first.id });
    const listed = await api(ada.apiKey, 'GET', `/api/tasks/${key}-2/blockers`);
    expect(listed.body.data.blockedBy).toHaveLength(1);
    expect((await api(ada.apiKey, 'DELETE', `/api/tasks/${key}-2/blockers/${key}-1`)).status).toBe(
      204,
    );
  });

  it('another team’s identifier is the 404 of an unknown one; a value that is neither is 422', async () => {
    const foreign = await api(ada.apiKey, 'GET', `/api/tasks/${theirs.identifier}`);
    const unknown = await api(ada.apiKey, 'GET', `/api/tasks/${key}-999`);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    // Completion is a task's: an issue, by identifier as by id, is not found there.
    expect((await api(ada.apiKey, 'POST', `/api/tasks/${key}-1/complete`)).status).toBe(404);
    const bad = await api(ada.apiKey, 'GET', `/api/tasks/${key}_1`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('a key without issue scopes is refused an identifier as an issue route (403 issues:read)', async () => {
    const minted = await api(ada.apiKey, 'POST', '/api/users/me/api-keys', {
      name: 'tasks only',
      scopes: ['tasks:read'],
    });
    expect(minted.status).toBe(201);
    const res = await api(minted.body.data.apiKey, 'GET', `/api/tasks/${key}-1`);
    expect(res.status).toBe(403);
    expect(res.body.error.details).toEqual({ requiredScope: 'issues:read' });
  });

  it('search finds the issue by its identifier', async () => {
    const found = await api(ada.apiKey, 'GET', `/api/tasks/search?q=${key.toLowerCase()}-2`);
    expect(found.status).toBe(200);
    expect(found.body.data.map((i: { id: string }) => i.id)).toEqual([second.id]);
    const hidden = await api(ada.apiKey, 'GET', `/api/tasks/search?q=${theirs.identifier}`);
    expect(hidden.body.data).toEqual([]);
  });

  it('MCP tools take the identifier: get_task, update_task, add_comment, search_tasks', async () => {
    const got = await mcp.client.callTool({ name: 'get_task', arguments: { id: `${key}-1` } });
    expect(got.isError ?? false).toBe(false);
    expect((got.structuredContent as { task: { id: string } }).task.id).toBe(first.id);
    const updated = await mcp.client.callTool({
      name: 'update_task',
      arguments: { id: `${key}-1`, status: 'in_progress' },
    });
    expect((updated.structuredContent as { task: { status: string } }).task.status).toBe(
      'in_progress',
    );
    const commented = await mcp.client.callTool({
      name: 'add_comment',
      arguments: { issueId: `${key.toLowerCase()}-1`, body: 'from an agent' },
    });
    expect(commented.isError ?? false).toBe(false);
    const searched = await mcp.client.callTool({
      name: 'search_tasks',
      arguments: { q: `${key}-2` },
    });
    expect(
      (searched.structuredContent as { issues: Array<{ id: string }> }).issues.map((i) => i.id),
    ).toEqual([second.id]);
    const foreign = await mcp.client.callTool({
      name: 'get_task',
      arguments: { id: theirs.identifier },
    });
    expect(foreign.isError).toBe(true);
    expect(JSON.stringify(foreign.content)).toContain('NOT_FOUND');
  });
});
