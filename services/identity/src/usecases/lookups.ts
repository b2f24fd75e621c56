import { LAST_USED_RESOLUTION_MS, needsLastUsedTouch } from '@momentum/http';
import { notFound, type KeyRecord, type UserSummary } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';

/**
 * A key's record for the gateway's verification. Gateways ask on a cache miss, so this
 * marks use at the cache's resolution; the write does not hold up the answer, and a failed
 * one never refuses a good key (`onTouchFailed` logs it).
 */
export async function keyRecord(
  { keys, users, teams }: IdentityDeps,
  keyId: string,
  onTouchFailed: (err: unknown) => void,
): Promise<KeyRecord> {
  const key = await keys.findByKeyId(keyId);
  if (!key || key.revokedAt) throw notFound('Key');
  const user = await users.find(key.userId);
  if (!user) throw notFound('Key');
  const teamIds = await teams.teamIdsOf(user._id);
  const now = new Date();
  if (needsLastUsedTouch(key.lastUsedAt, now))
    void keys
      .touchLastUsed(key.keyId, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))
      .catch(onTouchFailed);
  return {
    keyId: key.keyId,
    hash: key.hash,
    actor: {
      type: 'user',
      id: user._id,
      userId: user._id,
      name: user.name,
      teamIds,
      isAdmin: user.isAdmin,
      // The gateway enforces both: an expired key is refused, a call outside its scopes is 403.
      scopes: key.scopes ?? null,
      keyExpiresAt: key.expiresAt ? key.expiresAt.toISOString() : null,
      keyId: key.keyId,
    },
  };
}

/**
 * A user with their teams, for other services; with `withKeys`, also the ids of their keys
 * neither revoked nor expired (webhooks stop what a key made once it ends).
 */
export async function userWithTeams(
  { users, teams, keys }: IdentityDeps,
  id: string,
  withKeys = false,
) {
  const user = await users.find(id);
  if (!user) throw notFound('User');
  const now = Date.now();
  const [teamIds, active] = await Promise.all([
    teams.teamIdsOf(user._id),
    withKeys ? keys.listActive(user._id) : null,
  ]);
  return {
    id: user._id,
    name: user.name,
    isAdmin: user.isAdmin,
    teamIds,
    ...(active
      ? {
          activeKeyIds: active
            .filter((k) => !k.expiresAt || k.expiresAt.getTime() > now)
            .map((k) => k.keyId),
        }
      : {}),
  };
}

/** Names and avatars for user ids. */
export const userSummaries = ({ users }: IdentityDeps, ids: string[]): Promise<UserSummary[]> =>
  users.summaries(ids);
