import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseJsonBody, type ApiClient } from '@momentum/mcp-tools';

/**
 * The in-app tools' ApiClient: each call goes through this gateway with `inject`, under
 * the caller's own Authorization header, so it is authenticated, routed and attributed
 * exactly like the REST request it stands for. The request id carries over to the logs.
 */
export function injectClient(app: FastifyInstance, request: FastifyRequest): ApiClient {
  const authorization = request.headers.authorization ?? '';
  return {
    async request(method, path, body) {
      const res = await app.inject({
        method,
        url: path,
        headers: {
          authorization,
          // The same host: an OAuth token is checked against the resource it names
          // (without OAUTH_ISSUER, the host the request came to).
          ...(request.headers.host ? { host: request.headers.host } : {}),
          'x-request-id': request.id,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: parseJsonBody(res.body) };
    },
  };
}
