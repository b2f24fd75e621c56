import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { buildServer } from './server.js';

/** stdio mode: one client on stdin/stdout, acting with SVC_API_KEY. */
export async function runStdio(config: Config, log: Logger): Promise<void> {
  if (!config.SVC_API_KEY) throw new Error('SVC_API_KEY is required in stdio mode (an API key, svc_…)');
  const server = buildServer({ baseUrl: config.SVC_BASE_URL, authorization: `Bearer ${config.SVC_API_KEY}` });
  const transport = new StdioServerTransport();
  transport.onclose = () => process.exit(0);
  process.stdin.on('end', () => void server.close());
  await server.connect(transport);
  log.info('momentum MCP server ready on stdio', { gateway: config.SVC_BASE_URL });
}
