import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import type { McpTestClient } from '@momentum/mcp-tools/testing';
import {
  api,
  newTeam,
  newUser,
  type TestTeam,
  type TestUser,
} from '../../../../test/support/e2e.js';

/**
 * Data the MCP e2e tests of both surfaces start from, made over REST through the
 * gateway, so a test exercises only the MCP side of what it names.
 */
export interface Workspace {
  user: TestUser;
  team: TestTeam;
  project: { id: string; key: string; name: string };
}

/** A user with a team and one project in it; the project key is unique per call. */
export async function newWorkspace(): Promise<Workspace> {
  const user = await newUser();
  const team = await newTeam(user);
  const key = `P${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
  const res = await api(user.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: `Apollo ${key}`,
    key,
  });
  if (res.status !== 201) throw new Error(`creating a project failed: ${res.status} ${res.text}`);
  return { user, team, project: res.body.data };
}

/**
 * A workspace and a client connected as its user, for a `describe` block: made in
 * `beforeAll`, closed in `afterAll`. The returned objects are filled in when `beforeAll` has run.
 */
export function useWorkspaceClient(connect: (key: string) => Promise<McpTestClient>): {
  ws: Workspace;
  mcp: McpTestClient;
} {
  const ws = {} as Workspace;
  const mcp = {} as McpTestClient;
  beforeAll(async () => {
    Object.assign(ws, await newWorkspace());
    Object.assign(mcp, await connect(ws.user.apiKey));
  });
  afterAll(() => mcp.close?.());
  return { ws, mcp };
}

export interface TestAgent {
  id: string;
  name: string;
  apiKey: string;
}

/** An agent of `owner` attached to `teamId`, with its key minted. */
export async function newAgent(owner: TestUser, teamId: string): Promise<TestAgent> {
  const name = `bot-${randomUUID().slice(0, 8)}`;
  const created = await api(owner.apiKey, 'POST', '/api/agents', { name, teamId });
  if (created.status !== 201)
    throw new Error(`creating an agent failed: ${created.status} ${created.text}`);
  const minted = await api(owner.apiKey, 'POST', `/api/agents/${created.body.data.id}/api-key`);
  if (minted.status !== 201)
    throw new Error(`minting an agent key failed: ${minted.status} ${minted.text}`);
  return { id: created.body.data.id, name, apiKey: minted.body.data.apiKey };
}

/** The standalone server the e2e set-up starts with `--http` (base URL, no path). */
export const standaloneUrl = () => inject('mcpUrl');

// Provided by test/setup/stack.ts; declared again (same type) so this file checks on its own.
declare module 'vitest' {
  export interface ProvidedContext {
    mcpUrl: string;
  }
}
