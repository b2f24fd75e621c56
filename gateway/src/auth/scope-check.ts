import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, missingScope } from '@momentum/contracts';
import { requiredScopes } from '../routing/route-table.js';
import { upstreamOf } from '../routing/upstream-of.js';

/**
 * A key limited to some scopes is refused anything outside them: 403 `FORBIDDEN` with
 * `details.requiredScope` (shape B under /api/agents keeps the message, which names it).
 * The scope is the matched route's row of the route table (routing/route-table.ts), never a
 * reading of the URL of its own, so it is the row the request is forwarded by. A request
 * that matched no route has no row and goes no further than the not-found handler (404, or
 * 405 where the path exists for another method). Runs as a preHandler, once the body is
 * parsed (a task's create is routed by its body), and before the idempotency check: a
 * refusal is never remembered as the answer to an Idempotency-Key another key of the same
 * caller may retry with.
 */
export const scopeCheckPlugin = fp(
  async (app) => {
    app.addHook('preHandler', (request, _reply, done) => {
      // No key (public routes), a key with every scope, or no route: nothing to check here.
      if (!request.actor?.scopes || request.is404) return done();
      checkScopes(request).then(() => done(), done);
    });
  },
  {
    name: 'momentum-scope-check',
    fastify: '5.x',
    dependencies: ['momentum-authentication', 'momentum-route-table'],
  },
);

/** Refuses (throws) a request its key's scopes do not cover. */
async function checkScopes(request: FastifyRequest): Promise<void> {
  const held = request.actor.scopes!;
  const row = request.routeOptions.config.row;
  // Every route has its row (routing/route-table-plugin.ts); were one to lack it, no scope
  // could be known, so nothing is let through.
  if (!row) throw new AppError('NOT_FOUND', 'No such route');
  // `/api/tasks`: the scope of the service the request goes to; unknown, every one's.
  const upstream = typeof row.upstream === 'object' ? await upstreamOf(request) : null;
  const needed = requiredScopes(row, request.method, upstream ?? undefined);
  const missing = needed.find((scope) => !held.includes(scope));
  if (!missing) return;
  const refusal = missingScope(missing, `${request.method} ${request.url.split('?')[0]}`);
  // An OAuth client may ask the person for more (the MCP spec's step-up): RFC 6750 §3.1 says what.
  if (request.apiKeyId?.startsWith('oauth:'))
    throw new AppError('FORBIDDEN', refusal.message, refusal.details, {
      'www-authenticate': `Bearer realm="momentum", error="insufficient_scope", scope="${missing}"`,
    });
  throw refusal;
}
