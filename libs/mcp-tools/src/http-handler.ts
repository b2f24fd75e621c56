import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { showTools, type BuildMcpServerOptions } from './server.js';
import { McpServerPool } from './server-pool.js';
import { callerScopes, listsTools } from './caller-scopes.js';

/** Writes a JSON-RPC error as a plain JSON response (when nothing was sent yet). */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  { code = -32000, headers = {} }: { code?: number; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const pool = new McpServerPool();

/**
 * Serves one Streamable HTTP request, stateless: a server from the pool and a fresh
 * transport per POST (the SDK refuses to reuse a stateless transport), JSON responses
 * rather than SSE. The server goes back to the pool once the request was answered; one
 * whose client went away first is dropped. With no session there is no stream to GET and
 * nothing to DELETE, so both are 405, which the SDK client takes as "no server-initiated
 * stream".
 */
export async function handleMcpHttpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: unknown,
  { client, scopes, ...options }: BuildMcpServerOptions,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJsonRpcError(
      res,
      405,
      'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages to it',
      { headers: { allow: 'POST' } },
    );
    return;
  }
  // A listing shows only the tools the caller's key may use; any other request finds every
  // tool, and the gateway refuses a call outside the key's scopes with a FORBIDDEN tool error.
  const shown = listsTools(parsedBody) ? await (scopes ?? (() => callerScopes(client)))() : null;
  const server = pool.acquire(options);
  showTools(server, shown);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  let answered = false;
  res.on('close', () => {
    void transport
      .close()
      .then(() => server.close())
      .then(() => (answered ? pool.release(options, server) : undefined))
      .catch(() => undefined);
  });
  try {
    await server.connect(transport);
    await pool.serve(client, () => transport.handleRequest(req, res, parsedBody));
    answered = true;
  } catch (err) {
    sendJsonRpcError(
      res,
      500,
      `Internal error: ${err instanceof Error ? err.message : String(err)}`,
      { code: -32603 },
    );
  }
}
