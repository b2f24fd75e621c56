import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildMcpServer, callerScopes, showTools } from '@momentum/mcp-tools';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { httpApiClient } from './http-client.js';
import { httpLiveSource } from './live-events.js';
import { keyRefusal } from './key-check.js';
import { standaloneOptions } from './server.js';
import { flushTraces } from './tracing.js';

/**
 * stdio mode: one client on stdin/stdout, acting with SVC_API_KEY. A key the gateway
 * refuses stops the server at once (a desktop client shows that better than every tool
 * failing); an unreachable gateway only warns, since it may be starting beside us. Only the
 * tools the key's scopes allow are listed.
 */
export async function runStdio(config: Config, log: Logger): Promise<void> {
  if (!config.SVC_API_KEY)
    throw new Error('SVC_API_KEY is required in stdio mode (an API key, svc_…)');
  const client = httpApiClient({
    baseUrl: config.SVC_BASE_URL,
    authorization: `Bearer ${config.SVC_API_KEY}`,
  });
  const refused = await keyRefusal(client);
  if (refused && refused.status !== 503)
    throw new Error(
      `the gateway refused SVC_API_KEY (${refused.status}): ${JSON.stringify(refused.body)}`,
    );
  if (refused)
    log.warn(
      { gateway: config.SVC_BASE_URL },
      'the gateway is not reachable yet; tools will fail until it is',
    );
  // One client for the process's life: its subscriptions read the key's live stream.
  const server = buildMcpServer({
    ...standaloneOptions(client),
    live: httpLiveSource(config.SVC_BASE_URL, `Bearer ${config.SVC_API_KEY}`),
  });
  // One key for the process's life: the tools outside its scopes are hidden (and refused).
  showTools(server, await callerScopes(client));
  const transport = new StdioServerTransport();
  // The spans still batched are flushed first (a no-op when nothing is exported).
  transport.onclose = () => void flushTraces().then(() => process.exit(0));
  process.stdin.on('end', () => void server.close());
  await server.connect(transport);
  log.info({ gateway: config.SVC_BASE_URL }, 'momentum MCP server ready on stdio');
}
