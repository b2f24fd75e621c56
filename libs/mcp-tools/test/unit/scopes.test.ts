import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { SCOPES } from '@momentum/contracts';
import {
  TOOLS,
  toolAllowed,
  buildMcpServer,
  handleMcpHttpRequest,
  showTools,
  type ApiClient,
} from '../../src/index.js';
import { connectClient } from '../../src/testing.js';
import { fakeClient } from './harness.js';

const READ_ONLY = ['tasks:read', 'projects:read'];

/** What a gateway answers a key holding READ_ONLY: /api/me with its scopes, 403 for any write. */
const readOnlyGateway = () =>
  fakeClient(({ method, path }) => {
    if (path === '/api/me')
      return { status: 200, body: { data: { type: 'user', id: 'u', scopes: READ_ONLY } } };
    if (method !== 'GET')
      return {
        status: 403,
        body: {
          error: {
            code: 'FORBIDDEN',
            message: `This API key lacks the scope tasks:write, which ${method} ${path} requires`,
            details: { requiredScope: 'tasks:write' },
          },
        },
      };
    return { status: 200, body: { data: [], meta: { page: 1, limit: 20, total: 0 } } };
  });

describe('tool scopes', () => {
  it('every tool names catalogue scopes, reads for read-only tools and writes for the others', () => {
    for (const tool of TOOLS) {
      for (const scope of tool.scopes) expect(SCOPES, tool.name).toContain(scope);
      const kind = tool.annotations.readOnlyHint ? ':read' : ':write';
      for (const scope of tool.scopes) expect(scope.endsWith(kind), tool.name).toBe(true);
    }
    expect(TOOLS.find((t) => t.name === 'get_me')!.scopes).toEqual([]);
  });

  it('every tool carries all four hints, booleans, and none is open-world', () => {
    for (const tool of TOOLS) {
      const hints = tool.annotations as unknown as Record<string, unknown>;
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
        expect(typeof hints[hint], `${tool.name}.${hint}`).toBe('boolean');
      expect(hints.openWorldHint, tool.name).toBe(false);
      // A read changes nothing, so it destroys nothing and is idempotent.
      if (tool.annotations.readOnlyHint) {
        expect(tool.annotations.destructiveHint, tool.name).toBe(false);
        expect(tool.annotations.idempotentHint, tool.name).toBe(true);
      }
    }
  });

  it('a key holding every read scope and no write one is shown exactly the read-only tools', () => {
    const reads = SCOPES.filter((s) => s.endsWith(':read'));
    const shown = TOOLS.filter((t) => toolAllowed(t, reads)).map((t) => t.name);
    const readOnly = TOOLS.filter((t) => t.annotations.readOnlyHint).map((t) => t.name);
    expect(shown.sort()).toEqual(readOnly.sort());
    expect(readOnly.length).toBeGreaterThan(0);
  });

  it('lists to a read-only key only the tools it may call', async () => {
    const server = buildMcpServer({ client: readOnlyGateway().client, tools: 'standalone' });
    showTools(server, READ_ONLY);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = await connectClient(clientSide, 'unit');
    const names = (await mcp.client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['get_me', 'get_project', 'get_task', 'list_projects', 'list_tasks']);
    await mcp.close();
  });
});

describe('tool scopes over HTTP (reused servers)', () => {
  let http: Server;
  let url: string;
  const clients = new Map<string, ApiClient>();
  beforeAll(async () => {
    clients.set('reader', readOnlyGateway().client);
    clients.set(
      'full',
      fakeClient(() => ({ status: 200, body: { data: { scopes: SCOPES } } })).client,
    );
    http = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const client = clients.get(String(req.headers['x-caller']))!;
      await handleMcpHttpRequest(req, res, JSON.parse(Buffer.concat(chunks).toString()), {
        client,
        tools: 'in-app',
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const rpc = async (caller: string, method: string, params: object = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-caller': caller,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: any }).result;
  };
  const listed = async (caller: string) =>
    ((await rpc(caller, 'tools/list')).tools as { name: string }[]).map((t) => t.name);

  it('lists per caller, from /api/me, though the servers are shared', async () => {
    for (let i = 0; i < 3; i++) {
      const [reader, full] = await Promise.all([listed('reader'), listed('full')]);
      expect(reader).not.toContain('create_task');
      expect(reader).toContain('list_tasks');
      expect(full).toContain('create_task');
      expect(full).toHaveLength(TOOLS.filter((t) => t.surface === 'in-app').length);
    }
  });

  it('answers a read-only key calling a write tool with a FORBIDDEN tool error naming the scope', async () => {
    const result = await rpc('reader', 'tools/call', {
      name: 'create_task',
      arguments: { title: 'nope', type: 'todo', difficulty: 'easy' },
    });
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringContaining('tasks:write'),
      details: { requiredScope: 'tasks:write' },
      status: 403,
    });
  });
});
