import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, missingScope, type ApiScope } from '@momentum/contracts';
import { canonicalPath, needsUpstream, requiredScope } from './required-scope.js';
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
    app.addHook('preHandler', (request, _reply, done) => {
      // No key (public routes) or a key with every scope: nothing to check, nothing to await.
      if (!request.actor?.scopes) return done();
      checkScopes(request).then(() => done(), done);
    });
  },
  {
    name: 'momentum-scope-check',
    fastify: '5.x',
    dependencies: ['momentum-authentication'],
  },
);

/** Refuses (throws) a request its key's scopes do not cover. */
async function checkScopes(request: FastifyRequest): Promise<void> {
  const held = request.actor.scopes!;
  const path = canonicalPath(request.url.split('?')[0]!);
  if (path === null) throw new AppError('BAD_REQUEST', 'The path does not decode');
  const needed: Array<ApiScope | null> = [];
  if (needsUpstream(path)) {
    const upstream = await upstreamOf(request);
    // A /api/tasks path that reached no /api/tasks route: both halves' scope, to fail closed.
    if (upstream) needed.push(requiredScope(request.method, path, upstream));
    else
      needed.push(
        ...(['habits', 'issues'] as const).map((u) => requiredScope(request.method, path, u)),
      );
  } else needed.push(requiredScope(request.method, path));
  const missing = needed.find((scope) => scope && !held.includes(scope));
  if (missing) throw missingScope(missing, `${request.method} ${path}`);
}
