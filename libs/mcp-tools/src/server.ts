import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client.js';
import type { Surface } from './define.js';
import { toolAllowed, toolsFor, type AnyTool } from './registry.js';
import { errorResult } from './results.js';
import { typedApi } from './typed-api.js';

export interface BuildMcpServerOptions {
  client: ApiClient;
  tools: Surface;
  /** Reported to clients as the server's version. */
  version?: string;
  /**
   * The calling key's scopes, for `tools/list` (null: show every tool). Over HTTP, asked per
   * listing request; absent, they are read from `GET /api/me` with the request's client.
   */
  scopes?: () => Promise<readonly string[] | null>;
}

/** Each built server's tools as registered, to show or hide per caller (showTools). */
const registered = new WeakMap<McpServer, Array<{ tool: AnyTool; handle: RegisteredTool }>>();

/**
 * Lists only the tools a key holding `scopes` may call (null: all). A hidden tool is
 * disabled on this server, so it is also refused if called; the HTTP handler shows them
 * all again for requests that are not listings, whose calls the gateway judges itself.
 */
export function showTools(server: McpServer, scopes: readonly string[] | null): void {
  for (const { tool, handle } of registered.get(server) ?? []) {
    // Set directly: `enable()`/`disable()` would announce a list change to a connected client.
    handle.enabled = toolAllowed(tool, scopes);
  }
}

/**
 * An McpServer with the surface's tools registered; every call goes through `client`.
 * A tool never throws: API errors and surprises alike come back as `isError` results.
 */
export function buildMcpServer({
  client,
  tools,
  version = '0.1.0',
}: BuildMcpServerOptions): McpServer {
  const server = new McpServer(
    { name: tools === 'in-app' ? 'momentum' : 'momentum-standalone', version },
    { capabilities: { tools: {} } },
  );
  const api = typedApi(client);
  const handles: Array<{ tool: AnyTool; handle: RegisteredTool }> = [];
  registered.set(server, handles);
  for (const tool of toolsFor(tools)) {
    const handle = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: unknown): Promise<CallToolResult> => {
        try {
          return await tool.run(args as Record<string, unknown>, api);
        } catch (err) {
          return errorResult({
            code: 'INTERNAL_ERROR',
            message: err instanceof Error ? err.message : String(err),
          });
        }
      },
    );
    handles.push({ tool, handle });
  }
  // The SDK announces `tools.listChanged: true` once a tool is registered; these lists are
  // fixed per surface and no notification is ever sent, so a client need not listen for one.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
