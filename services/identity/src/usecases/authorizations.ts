import { notFound, type Actor, type AuthorizationView } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import { requireHuman } from '../domain/access.js';
import type { OAuthGrantDoc } from '../store/oauth-models.js';
import { endGrant } from './oauth-grants.js';

const view = (g: OAuthGrantDoc): AuthorizationView => ({
  id: g._id,
  client: { id: g.clientId, name: g.clientName, uri: g.clientUri },
  scopes: g.scopes,
  actingAs: g.agentId ? { type: 'agent', id: g.agentId } : { type: 'user', id: g.userId },
  createdAt: g.createdAt.toISOString(),
  lastUsedAt: g.lastUsedAt ? g.lastUsedAt.toISOString() : null,
});

/** The clients the caller connected (OAuth grants not revoked), newest first. */
export async function listAuthorizations({ oauth }: IdentityDeps, actor: Actor) {
  requireHuman(actor, 'manage connected clients');
  return (await oauth.listActive(actor.id)).map(view);
}

/** Ends one of the caller's grants: every gateway refuses its tokens at once. */
export async function revokeAuthorization(deps: IdentityDeps, actor: Actor, id: string) {
  requireHuman(actor, 'manage connected clients');
  const grant = await deps.oauth.findGrant(id);
  if (!grant || grant.userId !== actor.id || grant.revokedAt) throw notFound('Authorization');
  if (!(await endGrant(deps, id, actor.id, actor))) throw notFound('Authorization');
}
