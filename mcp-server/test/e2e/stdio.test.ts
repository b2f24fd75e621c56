import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectClient } from '@momentum/mcp-tools/testing';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { MCP_SERVER, bundlePath } from '../../../scripts/lib/components.mjs';
import { api, eventually, gatewayUrl } from '../../../test/support/e2e.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { useWorkspaceClient } from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import { STANDALONE_TOOLS, asAgent, itAnswersEveryTool } from '../support/every-tool.js';

/** The bundle the e2e set-up built (the same file `npm start` runs), spawned as an MCP client would. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUNDLE = path.join(ROOT, bundlePath(MCP_SERVER) as string);
const env = (key: string | undefined) => ({
  PATH: process.env.PATH ?? '',
  SVC_BASE_URL: gatewayUrl(),
  LOG_LEVEL: 'warn',
  ...(key === undefined ? {} : { SVC_API_KEY: key }),
});

const connect = (key: string) =>
  connectClient(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUNDLE],
      env: env(key),
      stderr: 'pipe',
    }),
  );

describe('mcp-server over stdio', () => {
  const { ws, mcp } = useWorkspaceClient(connect);

  it('offers the seventeen standalone tools', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...STANDALONE_TOOLS].sort());
  });

  itAnswersEveryTool(mcp, ws);

  it('SVC_API_KEY of an agent makes every tool act as that agent', () => asAgent(connect, ws));

  it('subscribes to a resource: resources/updated follows a change of it', async () => {
    const updates: string[] = [];
    mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    const made = await api(ws.user.apiKey, 'POST', '/api/tasks', {
      projectId: ws.project.id,
      title: 'Watched over stdio',
    });
    const uri = `momentum://tasks/${made.body.data.id}`;
    await mcp.client.subscribeResource({ uri });
    const changed = await api(ws.user.apiKey, 'PATCH', `/api/tasks/${made.body.data.id}`, {
      status: 'in_progress',
    });
    expect(changed.status).toBe(200);
    await eventually(async () => updates.includes(uri), 15_000);
  });

  it('exits with a message on stderr, and nothing on stdout, without a usable key', () => {
    for (const [key, message] of [
      [undefined, /SVC_API_KEY is required/],
      ['svc_unknown_key', /refused SVC_API_KEY \(401\)/],
    ] as const) {
      const run = spawnSync(process.execPath, [BUNDLE], {
        env: env(key),
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, String(key)).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
    }
  });
});
