import { LAST_USED_RESOLUTION_MS } from '@momentum/keys';
import {
  DELETED_USER_ID,
  DELETED_USER_NAME,
  avatarUrl,
  notFound,
  type KeyRecord,
  type UserSummary,
} from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';

/**
 * A key's record for the gateway's verification. It marks nothing: the secret is checked
 * after, by the gateway, which says so (markKeyUsed) only when it matched.
 */
export async function keyRecord(
  { keys, users, teams }: IdentityDeps,
  keyId: string,
): Promise<KeyRecord> {
  const key = await keys.findByKeyId(keyId);
  if (!key || key.revokedAt) throw notFound('Key');
  const user = await users.find(key.userId);
  // A deactivated user's keys are refused like revoked ones.
  if (!user || user.deactivatedAt) throw notFound('Key');
  const teamIds = await teams.teamIdsOf(user._id);
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
 * The gateway verified the key's secret: lastUsedAt, at most once a minute (one conditional
 * write, which skips a key marked within the minute).
 */
export async function markKeyUsed({ keys }: IdentityDeps, keyId: string, now = new Date()) {
  await keys.touchLastUsed(keyId, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
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
  // Deactivated: unknown to other services, so their agents' keys and the webhooks their
  // keys made stop too (agents and webhooks read the owner here).
  if (!user || user.deactivatedAt) throw notFound('User');
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

/**
 * Names and avatars for user ids; the deleted-user id (content of erased people) is named
 * "Deleted user".
 */
export async function userSummaries(
  { users }: IdentityDeps,
  ids: string[],
): Promise<UserSummary[]> {
  const found = await users.summaries(ids);
  if (!ids.includes(DELETED_USER_ID)) return found;
  return [
    ...found,
    {
      id: DELETED_USER_ID,
      name: DELETED_USER_NAME,
      avatar: avatarUrl('user', DELETED_USER_ID, DELETED_USER_NAME),
    },
  ];
}
