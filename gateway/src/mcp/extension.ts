import type { FastifyInstance } from 'fastify';
import { handleMcpHttpRequest } from '@momentum/mcp-tools';
import { jsonBodyPlugin, securityHeaders } from '@momentum/http';
import { injectClient } from './inject-client.js';

/**
 * The in-app MCP endpoint: `{base_url}/mcp`, Streamable HTTP, the in-app tools. Stateless,
 * so POST only: GET (a server stream) and DELETE (a session) are 405 with `Allow: POST`,
 * which the SDK client takes as "no server-initiated stream". Authentication already ran
 * (onRequest: 401 without a valid key), so every tool call goes back through the gateway
 * with the caller's key and acts as that user or agent, within its scopes; `tools/list` shows
 * only the tools the key's scopes allow. JSON bodies only (415 otherwise).
 */
export async function mcpExtension(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(jsonBodyPlugin);
    scope.post('/mcp', async (request, reply) => {
      const client = injectClient(app, request);
      // The SDK writes the raw response, so onSend hooks never run: the security headers
      // and those set by earlier hooks (request id, CORS) are copied on by hand.
      const headers = { ...securityHeaders, ...reply.getHeaders() };
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      // The key's scopes are on the actor already: tools/list needs no call to /api/me.
      const scopes = request.actor.scopes ?? null;
      await handleMcpHttpRequest(request.raw, reply.raw, request.body, {
        client,
        tools: 'in-app',
        scopes: async () => scopes,
      });
    });
  });
}
