import type { FastifyRequest } from 'fastify';
import { forbidden, type AppError } from '@momentum/contracts';
import { SHARED_CALLER, type VerifiedRequest } from './actor-header.js';
import { acceptedCallers, GATEWAY_CALLER } from './route.js';

/**
 * Why a correctly signed request is still refused (403), or null: a user or agent actor
 * signed by anyone but the gateway (no service speaks for a person), or a caller the route
 * does not list. Requests signed with the one shared INTERNAL_SECRET (caller `internal`)
 * pass: with a single key for every process, callers cannot be told apart
 * (docs/SECURITY.md, Internal calls).
 */
export function callerRefusal(
  { caller, actor }: VerifiedRequest,
  request: FastifyRequest,
): AppError | null {
  if (caller === SHARED_CALLER) return null;
  if (actor.type !== 'system' && caller !== GATEWAY_CALLER)
    return forbidden('Only the gateway may act for a user or an agent');
  if (!acceptedCallers(request).includes(caller))
    return forbidden('This route does not accept requests from this caller');
  return null;
}
