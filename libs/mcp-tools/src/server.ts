import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client.js';
import type { Surface } from './define.js';
import { toolsFor } from './registry.js';
import { errorResult } from './results.js';
import { typedApi } from './typed-api.js';

export interface BuildMcpServerOptions {
  client: ApiClient;
  tools: Surface;
  /** Reported to clients as the server's version. */
  version?: string;
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
  for (const tool of toolsFor(tools)) {
    server.registerTool(
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
  }
  // The SDK announces `tools.listChanged: true` once a tool is registered; these lists are
  // fixed per surface and no notification is ever sent, so a client need not listen for one.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
