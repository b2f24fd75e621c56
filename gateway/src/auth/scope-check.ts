import fp from 'fastify-plugin';
import { missingScope } from '@momentum/contracts';
import { needsUpstream, requiredScope } from './required-scope.js';
import { upstreamOf } from '../routing/upstream-of.js';

/**
 * A key limited to some scopes (see SCOPE_TABLE) is refused anything outside them: 403
 * `FORBIDDEN` with `details.requiredScope` (shape B under /api/agents keeps the message,
 * which names it). Runs as a preHandler, once the body is parsed (a task's create is routed
 * by its body), and before the idempotency check: a refusal is never remembered as the
 * answer to an Idempotency-Key another key of the same caller may retry with.
 */
export const scopeCheckPlugin = fp(
  async (app) => {
    app.addHook('preHandler', async (request) => {
      const held = request.actor?.scopes;
      if (!held) return; // no key (public routes) or a key with every scope
      const path = request.url.split('?')[0]!;
      const upstream = needsUpstream(path) ? await upstreamOf(request) : null;
      const scope = requiredScope(request.method, path, upstream ?? undefined);
      if (scope && !held.includes(scope))
        throw missingScope(scope, `${request.method} ${request.routeOptions.url ?? path}`);
    });
  },
  {
    name: 'momentum-scope-check',
    fastify: '5.x',
    dependencies: ['momentum-authentication'],
  },
);
