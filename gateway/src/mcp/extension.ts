import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { McpSessions, handleMcpHttpRequest } from '@momentum/mcp-tools';
import { jsonBodyPlugin, securityHeaders, unmatched } from '@momentum/http';
import { bearerToken } from '../auth/authenticate.js';
import type { LiveService } from '../live/service.js';
import { injectClient } from './inject-client.js';
import { gatewayLiveSource } from './live-source.js';

/**
 * The in-app MCP endpoint: `{base_url}/mcp`, Streamable HTTP, the in-app tools, resources
 * and prompts. An initialize request opens a session (`Mcp-Session-Id`, kept in this
 * gateway's memory: see docs/API.md for the affinity a load balancer needs); its GET stream
 * carries `notifications/resources/updated` for what the session subscribed to, driven by
 * the live stream. A request without a session id is answered stateless, JSON, as before;
 * GET and DELETE without one are 405 with `Allow: POST`. Authentication already ran
 * (onRequest: 401 without a valid key), so every tool call goes back through the gateway
 * with the caller's key and acts as that user or agent, within its scopes; `tools/list`
 * shows only the tools the key's scopes allow. JSON bodies only (415 otherwise).
 */
export function mcpExtensionWith(live: () => LiveService | undefined) {
  return async (app: FastifyInstance): Promise<void> => {
    const sessions = new McpSessions();
    app.addHook('preClose', (done) => void sessions.closeAll().finally(done));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      // Without a session, GET (a stream) and DELETE (an ending) have nothing to act on: the
      // gateway's own 405, as for any path, which the SDK client takes as "no stream".
      if (request.method !== 'POST' && request.headers['mcp-session-id'] === undefined)
        throw unmatched(request.method, '/mcp', ['POST']);
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
      const service = live();
      const authorization = request.headers.authorization ?? '';
      await handleMcpHttpRequest(
        request.raw,
        reply.raw,
        request.body,
        {
          client,
          tools: 'in-app',
          scopes: async () => scopes,
          ...(service
            ? {
                live: gatewayLiveSource(service, {
                  actor: request.actor,
                  rawKey: bearerToken(request) ?? '',
                  keyId: request.apiKeyId,
                  ip: request.ip,
                }),
              }
            : {}),
        },
        { registry: sessions, authorization },
      );
    };
    await app.register(async (scope) => {
      await scope.register(jsonBodyPlugin);
      scope.post('/mcp', handle);
      scope.get('/mcp', handle);
      scope.delete('/mcp', handle);
    });
  };
}

/** The endpoint without a live stream (subscriptions then never fire): the unit tests'. */
export const mcpExtension = mcpExtensionWith(() => undefined);
