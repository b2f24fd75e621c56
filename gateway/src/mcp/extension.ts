import type { FastifyInstance } from 'fastify';
import { handleMcpHttpRequest } from '@momentum/mcp-tools';
import { securityHeaders } from '@momentum/service-kit';
import { injectClient } from './inject-client.js';

/**
 * The in-app MCP endpoint: `{base_url}/mcp`, Streamable HTTP, the nine in-app tools.
 * Authentication already ran (onRequest: 401 without a valid key), so every tool call
 * goes back through the gateway with the caller's key and acts as that user or agent.
 */
export async function mcpExtension(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: '/mcp',
    handler: async (request, reply) => {
      const client = injectClient(app, request);
      // The SDK writes the raw response, so onSend hooks never run: the security headers
      // and those set by earlier hooks (the request id) are copied on by hand.
      const headers = { ...securityHeaders, ...reply.getHeaders() };
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await handleMcpHttpRequest(request.raw, reply.raw, request.body, { client, tools: 'in-app' });
    },
  });
}
