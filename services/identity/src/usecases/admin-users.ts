import { forbidden, notFound, type Actor } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../store/models.js';
import { userDeactivated, userReactivated } from '../events/identity-events.js';
import { requireHuman } from '../domain/access.js';

function requireInstanceAdmin(actor: Actor, what: string): void {
  requireHuman(actor, what);
  if (!actor.isAdmin) throw forbidden(`Only an instance admin can ${what}`);
}

/** Every user, by name, optionally a name or email prefix and the active state (admins). */
export async function listUsers(
  { users }: IdentityDeps,
  actor: Actor,
  query: { q?: string | undefined; active?: boolean | undefined; page: number; limit: number },
) {
  requireInstanceAdmin(actor, 'list users');
  return users.list(query);
}

/**
 * Deactivates a user: from the reply on, every gateway refuses their keys and their agents'
 * (identity's key records refuse them; the event, announced before the reply, drops what
 * gateways cached), and holders of their grants end them on the event. Idempotent: a user
 * already deactivated is answered as stored. An admin cannot deactivate themselves (the
 * instance would lose the hand that undoes it).
 */
export async function deactivateUser(
  { users, outbox }: IdentityDeps,
  actor: Actor,
  id: string,
): Promise<UserDoc> {
  requireInstanceAdmin(actor, 'deactivate users');
  if (id === actor.id) throw forbidden('An admin cannot deactivate themselves');
  const event = userDeactivated(actor, id);
  const changed = await users.setDeactivated(id, new Date(), event);
  if (changed) {
    await outbox.announce(users.model, id, event);
    return changed;
  }
  const user = await users.find(id);
  if (!user) throw notFound('User');
  return user;
}

/** Lets a deactivated user's keys work again (those not revoked or expired). Idempotent. */
export async function reactivateUser(
  { users, outbox }: IdentityDeps,
  actor: Actor,
  id: string,
): Promise<UserDoc> {
  requireInstanceAdmin(actor, 'reactivate users');
  const event = userReactivated(actor, id);
  const changed = await users.setDeactivated(id, null, event);
  if (changed) {
    await outbox.announce(users.model, id, event);
    return changed;
  }
  const user = await users.find(id);
  if (!user) throw notFound('User');
  return user;
}
