import { canonicalTimeZone, notFound, validationError, type Actor } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../store/models.js';
import { userUpdated } from '../events/identity-events.js';
import { requireHuman } from '../domain/access.js';

export interface ProfileChange {
  name?: string | undefined;
  email?: string | null | undefined;
  timeZone?: string | null | undefined;
}

/**
 * Changes the caller's name, email or time zone. A new email is claimed first (unique in any
 * case: 409 if another user holds it), the old one freed after the write; every gateway
 * drops the caller's cached actor before the reply (the name rides on it).
 */
export async function updateMe(
  deps: IdentityDeps,
  actor: Actor,
  change: ProfileChange,
): Promise<UserDoc> {
  requireHuman(actor, 'change a user profile');
  const user = await deps.users.find(actor.id);
  if (!user) throw notFound('User');
  const set: { name?: string; email?: string | null; timeZone?: string | null } = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.timeZone !== undefined) set.timeZone = zoneOf(change.timeZone);
  const oldEmail = user.email ?? null;
  if (change.email !== undefined && !sameEmail(change.email, oldEmail)) {
    if (change.email) await deps.users.claimEmail(user._id, change.email);
    set.email = change.email;
  } else if (change.email !== undefined && change.email !== oldEmail) set.email = change.email;
  const event = userUpdated(actor, user._id, Object.keys(set));
  const updated = await deps.users.updateProfile(user._id, user, set, event);
  if (!updated) throw notFound('User');
  await deps.outbox.announce(deps.users.model, user._id, event);
  if (oldEmail && 'email' in set && !sameEmail(set.email ?? null, oldEmail))
    await deps.users.releaseEmail(user._id, oldEmail);
  return updated;
}

const sameEmail = (a: string | null, b: string | null) =>
  (a?.toLocaleLowerCase('en-US') ?? null) === (b?.toLocaleLowerCase('en-US') ?? null);

function zoneOf(value: string | null): string | null {
  if (value === null) return null;
  const zone = canonicalTimeZone(value);
  if (!zone)
    throw validationError('timeZone: must be an IANA time zone name such as Europe/Berlin', {
      field: 'timeZone',
      rule: 'timezone',
      value: value.slice(0, 64),
    });
  return zone;
}
