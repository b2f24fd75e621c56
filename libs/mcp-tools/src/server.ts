import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client.js';
import type { Surface } from './define.js';
import { toolAllowed, toolsFor, type AnyTool } from './registry.js';
import { errorResult } from './results.js';
import { typedApi } from './typed-api.js';
import type { LiveSource } from './live-source.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { ResourceSubscriptions, installSubscriptions } from './subscriptions.js';

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
  /**
   * A session's live stream, for `resources/subscribe` (absent: a stateless server, which
   * refuses subscriptions: it has no stream to notify on).
   */
  live?: LiveSource;
}

/** What a session's server holds open (its live stream), to close with the session. */
const closers = new WeakMap<McpServer, () => void>();

/** Closes what `server` holds open beyond its transport (a session's subscriptions). */
export const releaseServer = (server: McpServer): void => closers.get(server)?.();

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
  live,
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
  registerResources(server, client);
  registerPrompts(server, client);
  const subscriptions = live
    ? new ResourceSubscriptions(live, (uri) => {
        void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      })
    : null;
  installSubscriptions(server, subscriptions);
  if (subscriptions) closers.set(server, () => subscriptions.close());
  // The SDK announces `listChanged: true` once a tool, resource or prompt is registered; these
  // lists are fixed per surface and no notification is ever sent, so a client need not listen.
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { subscribe: true, listChanged: false },
    prompts: { listChanged: false },
  });
  return server;
}
