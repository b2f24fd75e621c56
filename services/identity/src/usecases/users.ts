import { randomUUID } from 'node:crypto';
import {
  grantFor,
  notFound,
  type Actor,
  type ApiScope,
  type KeyGrantInput,
} from '@momentum/contracts';
import { hashSecret, newApiKey } from '@momentum/keys';
import type { IdentityDeps } from '../deps.js';
import { checkKeyQuota } from './key-quota.js';
import { endGrantsOfKey } from './oauth-grants.js';
import type { UserDoc } from '../store/models.js';
import { keyRevoked, userCreated } from '../events/identity-events.js';
import { requireAdmin, requireHuman } from '../domain/access.js';

/**
 * A user and their first key. The key is stored first: until the user exists it names
 * no one (verification finds no user), and the user's insert carries its event, so a
 * crash in between leaves neither a user without a key nor an unannounced user.
 */
export async function createUser(
  { users, keys, outbox, keyHashCost }: IdentityDeps,
  actor: Actor,
  input: { name: string; email?: string | null },
): Promise<{ user: UserDoc; apiKey: string }> {
  requireAdmin(actor);
  const id = randomUUID();
  // One user per address, in any case (409 if taken).
  if (input.email) await users.claimEmail(id, input.email);
  const key = newApiKey('u');
  await keys.create(id, key.keyId, await hashSecret(key.secret, keyHashCost));
  const event = userCreated(actor, { id, name: input.name });
  const user = await users.create({ _id: id, name: input.name, email: input.email ?? null, event });
  await outbox.announce(users.model, id, event);
  return { user, apiKey: key.raw };
}

export interface NewUserKey {
  id: string;
  /** The raw key: returned to the caller this once, never stored or logged. */
  apiKey: string;
  name: string | null;
  scopes: ApiScope[] | null;
  expiresAt: string | null;
}

/**
 * An extra key for the caller, shown once, with an optional name, scopes and expiry —
 * never more than the calling key holds (grantFor: 403 otherwise).
 */
export async function createUserKey(
  deps: IdentityDeps,
  actor: Actor,
  input?: KeyGrantInput,
): Promise<NewUserKey> {
  requireHuman(actor, 'create keys');
  const grant = grantFor(actor, input);
  await checkKeyQuota(deps, actor.id);
  const key = newApiKey('u');
  const id = await deps.keys.create(
    actor.id,
    key.keyId,
    await hashSecret(key.secret, deps.keyHashCost),
    grant,
  );
  return {
    id,
    apiKey: key.raw,
    name: grant.name,
    scopes: grant.scopes,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Revokes one of the caller's keys; every gateway is told before the reply. The write
 * is conditional on the key being active, so of concurrent revocations one does it and
 * announces it, the others find no active key (404).
 */
export async function revokeUserKey(deps: IdentityDeps, actor: Actor, id: string): Promise<void> {
  const { keys, outbox } = deps;
  requireHuman(actor, 'revoke keys');
  const key = await keys.findActive(actor.id, id);
  if (!key) throw notFound('API key');
  const event = keyRevoked(actor, key.keyId, actor.id);
  if (!(await keys.revoke(actor.id, id, event))) throw notFound('API key');
  await outbox.announce(keys.model, id, event);
  await endGrantsOfKey(deps, actor.id, key.keyId, actor);
}

/** The caller's keys that are not revoked (expired ones included, until revoked). */
export async function listUserKeys({ keys }: IdentityDeps, actor: Actor) {
  requireHuman(actor, 'manage user keys');
  return keys.listActive(actor.id);
}
