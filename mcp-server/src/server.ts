import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { buildMcpServer } from '@momentum/mcp-tools';
import { httpApiClient } from './http-client.js';

/** The standalone server: the eleven tools, calling the gateway at baseUrl with `authorization`. */
export function buildServer({ baseUrl, authorization }: { baseUrl: string; authorization: string }): McpServer {
  return buildMcpServer({ client: httpApiClient({ baseUrl, authorization }), tools: 'standalone' });
}
