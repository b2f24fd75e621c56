import type { ApiClient, BuildMcpServerOptions } from '@momentum/mcp-tools';

/** Both transports serve the same thing: every standalone tool over `client`. */
export const standaloneOptions = (client: ApiClient): BuildMcpServerOptions => ({
  client,
  tools: 'standalone',
});
