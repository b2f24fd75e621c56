import {
  SYSTEM_ACTOR,
  grantCacheKey,
  notFound,
  type Actor,
  type OAuthAccessRecord,
  type OAuthClientRegistration,
  type OAuthCodeRecord,
  type OAuthGrantRecord,
  type OAuthRedemption,
  type OAuthRefresh,
  type StoredToken,
} from '@momentum/contracts';
import { LAST_USED_RESOLUTION_MS } from '@momentum/keys';
import type { IdentityDeps } from '../deps.js';
import { keyRevoked } from '../events/identity-events.js';
import { redemptionRefusal, sameSecret } from '../domain/oauth-redemption.js';
import type { OAuthGrantDoc } from '../store/oauth-models.js';

/**
 * The storage side of the gateway's authorization server (gateway/src/oauth): it keeps
 * clients, codes, grants and token hashes so that every gateway replica shares them, and
 * makes the single-use decisions (codes, refresh tokens) in conditional writes. Every
 * refusal is the same 404: the gateway answers `invalid_grant` without saying which check
 * failed.
 */
type Deps = Pick<IdentityDeps, 'oauth' | 'outbox' | 'users' | 'teams' | 'keys'>;

const refused = () => notFound('Grant');

const grantRecord = (g: OAuthGrantDoc): OAuthGrantRecord => ({
  grantId: g._id,
  userId: g.userId,
  agentId: g.agentId,
  clientId: g.clientId,
  scopes: g.scopes,
});

export async function registerClient({ oauth }: Deps, body: OAuthClientRegistration) {
  const id = await oauth.createClient(body);
  return { id, ...body };
}

export async function findClient({ oauth }: Deps, id: string) {
  const client = await oauth.findClient(id);
  if (!client) throw notFound('Client');
  return { id: client._id, name: client.name, uri: client.uri, redirectUris: client.redirectUris };
}

export async function storeCode({ oauth }: Deps, code: OAuthCodeRecord): Promise<void> {
  await oauth.createCode({
    _id: code.hash,
    clientId: code.clientId,
    clientName: code.clientName,
    clientUri: code.clientUri,
    redirectUri: code.redirectUri,
    challenge: code.challenge,
    resource: code.resource,
    scopes: code.scopes,
    userId: code.userId,
    agentId: code.agentId,
    keyId: code.keyId,
    keyExpiresAt: code.keyExpiresAt ? new Date(code.keyExpiresAt) : null,
    expiresAt: new Date(code.expiresAt),
  });
}

/**
 * Whether the key a grant (or code) was consented with still stands: not revoked, not
 * expired. Checked on every use, so a grant whose key went while its ending was not yet
 * written (or before it expired) is refused all the same. Null: a grant made before keys
 * were recorded, which carries on.
 */
async function consentingKeyLive(
  { keys }: Pick<Deps, 'keys'>,
  owner: { userId: string; keyId: string | null; keyExpiresAt: Date | null },
  now = Date.now(),
): Promise<boolean> {
  if (!owner.keyId) return true;
  if (owner.keyExpiresAt && owner.keyExpiresAt.getTime() <= now) return false;
  const key = await keys.findByKeyId(owner.keyId);
  if (!key || key.userId !== owner.userId || key.revokedAt) return false;
  return !key.expiresAt || key.expiresAt.getTime() > now;
}

/**
 * A key was revoked: the grants consented with it end, each announced as a revoked key
 * (`oauth:<grant>`), so every gateway drops their tokens' verdicts at once.
 */
export async function endGrantsOfKey(
  deps: Pick<Deps, 'oauth' | 'outbox'>,
  userId: string,
  keyId: string,
  actor: Actor = SYSTEM_ACTOR,
): Promise<void> {
  for (const grant of await deps.oauth.listLiveOfKey(userId, keyId))
    await endGrant(deps, grant._id, userId, actor);
}

/** Ends a grant and tells every gateway (its cached token verdicts go at once). */
export async function endGrant(
  { oauth, outbox }: Pick<Deps, 'oauth' | 'outbox'>,
  grantId: string,
  userId: string,
  actor: Actor = SYSTEM_ACTOR,
): Promise<boolean> {
  const event = keyRevoked(actor, grantCacheKey(grantId), userId);
  if (!(await oauth.revokeGrant(grantId, event))) return false;
  await outbox.announce(oauth.grantModel, grantId, event);
  return true;
}

/**
 * Redeems a code once: a code presented a second time revokes the grant its first
 * redemption made (OAuth 2.1 §4.1.3), and any mismatch burns it.
 */
export async function redeemCode(deps: Deps, r: OAuthRedemption): Promise<OAuthGrantRecord> {
  const { oauth } = deps;
  const code = await oauth.findCode(r.hash);
  if (!code) throw refused();
  const now = new Date();
  if (!(await oauth.useCode(r.hash, now))) {
    const again = await oauth.findCode(r.hash);
    if (again?.grantId) await endGrant(deps, again.grantId, again.userId);
    throw refused();
  }
  if (redemptionRefusal(code, r, now)) throw refused();
  if (!(await consentingKeyLive(deps, code))) throw refused();
  const grant = {
    userId: code.userId,
    agentId: code.agentId,
    keyId: code.keyId,
    keyExpiresAt: code.keyExpiresAt,
    clientId: code.clientId,
    clientName: code.clientName,
    clientUri: code.clientUri,
    scopes: code.scopes,
  };
  const grantId = await oauth.createGrant(grant);
  await oauth.setCodeGrant(r.hash, grantId);
  await oauth.addTokens(grantId, [
    { ...r.access, resource: code.resource, kind: 'access' },
    { ...r.refresh, resource: code.resource, kind: 'refresh' },
  ]);
  return { grantId, ...grant };
}

/**
 * Rotates a refresh token: the old one is spent, a new pair is stored. A spent one
 * presented again means two parties hold it: the whole grant is revoked (OAuth 2.1 §4.3.1).
 */
export async function rotateRefresh(deps: Deps, r: OAuthRefresh): Promise<OAuthGrantRecord> {
  const { oauth } = deps;
  const token = await oauth.findToken(r.id);
  if (!token || token.kind !== 'refresh' || !sameSecret(token.hash, r.hash)) throw refused();
  const grant = await oauth.findGrant(token.grantId);
  if (!grant || grant.revokedAt) throw refused();
  if (token.usedAt || !(await oauth.useRefresh(r.id, new Date()))) {
    await endGrant(deps, grant._id, grant.userId);
    throw refused();
  }
  if (grant.clientId !== r.clientId || token.expiresAt.getTime() <= Date.now()) throw refused();
  if (r.resource !== null && r.resource !== token.resource) throw refused();
  if (!(await consentingKeyLive(deps, grant))) throw refused();
  await oauth.addTokens(grant._id, [
    { ...r.access, resource: token.resource, kind: 'access' },
    { ...r.refresh, resource: token.resource, kind: 'refresh' },
  ]);
  return grantRecord(grant);
}

/**
 * Issues one more access token under a live grant, for another resource (the token
 * exchange of the standalone MCP server: the gateway checked the subject token).
 */
export async function addAccessToken(
  deps: Deps,
  grantId: string,
  access: StoredToken,
): Promise<void> {
  const { oauth } = deps;
  const grant = await oauth.findGrant(grantId);
  if (!grant || grant.revokedAt || !(await consentingKeyLive(deps, grant))) throw refused();
  await oauth.addTokens(grantId, [{ ...access, kind: 'access' }]);
}

/** An access token's record for the gateway's verification; 404 once it or its grant ends. */
export async function accessRecord(deps: Deps, id: string): Promise<OAuthAccessRecord> {
  const { oauth, users, teams } = deps;
  const token = await oauth.findToken(id);
  if (!token || token.kind !== 'access' || token.expiresAt.getTime() <= Date.now()) throw refused();
  const grant = await oauth.findGrant(token.grantId);
  if (!grant || grant.revokedAt || !(await consentingKeyLive(deps, grant))) throw refused();
  const user = await users.find(grant.userId);
  // A deactivated person's grants are refused as their keys are.
  if (!user || user.deactivatedAt) throw refused();
  const teamIds = await teams.teamIdsOf(user._id);
  return {
    ...grantRecord(grant),
    hash: token.hash,
    resource: token.resource,
    // The gateway refuses the token from this instant on every request, whatever its cache.
    expiresAt: earlier(token.expiresAt, grant.keyExpiresAt).toISOString(),
    user: { id: user._id, name: user.name, teamIds, isAdmin: user.isAdmin },
  };
}

const earlier = (a: Date, b: Date | null) => (b && b < a ? b : a);

/** A token of the grant verified at the gateway: the grant's lastUsedAt, once a minute. */
export async function markGrantUsed({ oauth }: Deps, grantId: string, now = new Date()) {
  await oauth.touchGrant(grantId, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
}

/**
 * RFC 7009: revoking either token of a grant ends the grant (its other tokens with it). An
 * unknown token or a wrong hash changes nothing, and says nothing.
 */
export async function revokeByToken(deps: Deps, id: string, hash: string): Promise<void> {
  const token = await deps.oauth.findToken(id);
  if (!token || !sameSecret(token.hash, hash)) return;
  const grant = await deps.oauth.findGrant(token.grantId);
  if (grant && !grant.revokedAt) await endGrant(deps, grant._id, grant.userId);
}
