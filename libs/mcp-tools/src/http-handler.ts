import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { showTools, type BuildMcpServerOptions } from './server.js';
import { McpServerPool } from './server-pool.js';
import { callerScopes, listsTools } from './caller-scopes.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { McpSessions } from './sessions.js';

/** Whether a Streamable HTTP body opens a session: an initialize request, alone or in a batch. */
export const opensSession = (body: unknown): boolean =>
  Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);

/** Where sessions are kept, and the caller's Authorization a session is bound to. */
export interface SessionOptions {
  registry: McpSessions;
  authorization: string;
}

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
 * Serves one Streamable HTTP request. With `sessions`, an initialize request opens a
 * session (`Mcp-Session-Id`; its GET stream carries `notifications/resources/updated`), and
 * a request naming one is served by it (404 when this process holds no such session of this
 * caller: the client opens a new one). A request without a session id is served stateless:
 * a server from the pool and a fresh transport per POST (the SDK refuses to reuse a
 * stateless transport), JSON responses rather than SSE; the server goes back to the pool
 * once the request was answered; one whose client went away first is dropped. Without a
 * session there is no stream to GET and nothing to DELETE, so both are 405, which the SDK
 * client takes as "no server-initiated stream".
 */
export async function handleMcpHttpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: unknown,
  { client, scopes, live, ...options }: BuildMcpServerOptions,
  sessions?: SessionOptions,
): Promise<void> {
  const sessionId = req.headers['mcp-session-id'];
  if (sessions && typeof sessionId === 'string') {
    const session = sessions.registry.find(sessionId, sessions.authorization);
    if (!session)
      return sendJsonRpcError(
        res,
        404,
        'Session not found: it ended, or another server process holds it; send initialize for a new one',
        { code: -32001 },
      );
    return sessions.registry.serve(session, req, res, parsedBody);
  }
  if (sessions && req.method === 'POST' && opensSession(parsedBody)) {
    return sessions.registry.open(req, res, parsedBody, sessions.authorization, {
      client,
      ...(scopes ? { scopes } : {}),
      ...(live ? { live } : {}),
      ...options,
    });
  }
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
