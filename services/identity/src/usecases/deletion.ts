import { randomUUID } from 'node:crypto';
import {
  ERASING_SERVICES,
  SYSTEM_ACTOR,
  conflict,
  forbidden,
  notFound,
  type Actor,
  type ErasingService,
  type UserDeletionView,
  type UserErasedData,
} from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import { roleOf } from '../domain/team-roles.js';
import { endGrant } from './oauth-grants.js';
import type { DeletionDoc } from '../store/deletion-store.js';
import { deletionRequested } from '../events/deletion-events.js';
import { keyRevoked, membershipRemoved } from '../events/identity-events.js';
import { requireAdmin, requireHuman } from '../domain/access.js';
import { soleOwnerOf } from '../domain/last-owner.js';

const DAY_MS = 24 * 3600_000;

export const deletionView = (d: DeletionDoc): UserDeletionView => ({
  id: d._id,
  userId: d.userId,
  status: d.completedAt ? 'completed' : 'pending',
  requestedAt: d.requestedAt.toISOString(),
  completedAt: d.completedAt ? d.completedAt.toISOString() : null,
  confirmed: ERASING_SERVICES.filter((s) => d.confirmed.includes(s)),
  pending: ERASING_SERVICES.filter((s) => !d.confirmed.includes(s)),
});

/**
 * Deletes a person (themselves, or any user for an instance admin): refused at once (every
 * key revoked, every membership ended, each announced before the reply), then erased by
 * each service on `identity.user.deletion_requested`; the account itself goes when all
 * have confirmed (confirmErasure). Asking again returns the erasure already open.
 */
export async function requestDeletion(
  deps: IdentityDeps,
  actor: Actor,
  userId: string,
): Promise<DeletionDoc> {
  requireHuman(actor, 'delete accounts');
  if (userId !== actor.id) requireAdmin(actor);
  const held = await deps.deletions.findByUser(userId);
  if (held) return held;
  const user = await deps.users.find(userId);
  if (!user) throw notFound('User');
  if (user.bootstrap)
    throw conflict('The bootstrap admin is configured by ADMIN_API_KEY and cannot be deleted');
  await refuseLastOwner(deps, userId);

  const deletionId = randomUUID();
  const event = deletionRequested({ deletionId, userId }, actor);
  const { deletion } = await deps.deletions.open(
    { _id: deletionId, userId, requestedBy: actor.id, requestedAt: deps.now() },
    event,
  );
  await cutOff(deps, actor, userId);
  await deps.outbox.announce(deps.deletions.model, deletion._id, event);
  return deletion;
}

/** 409 while the person is a team's last owner among other members (domain/last-owner.ts). */
async function refuseLastOwner({ personalData }: IdentityDeps, userId: string): Promise<void> {
  const { teams } = await personalData.teams(userId);
  if (!teams.length) return;
  const members = await personalData.membersOf(teams.map((t) => t._id));
  const sole = soleOwnerOf(
    userId,
    teams.map((t) => ({
      teamId: t._id,
      createdBy: t.createdBy,
      members: members.filter((m) => m.teamId === t._id),
    })),
  );
  if (sole.length)
    throw conflict('Transfer the ownership of these teams before deleting the account', {
      teamIds: sole,
    } as never);
}

/**
 * Refuses the person everywhere at once: their keys are revoked and their memberships end,
 * each with its event announced (gateways drop cached keys and teams). Idempotent; the
 * retry sweep calls it again in case a key was made meanwhile.
 */
async function cutOff(deps: IdentityDeps, actor: Actor | null, userId: string): Promise<void> {
  const by = actor ?? SYSTEM_ACTOR;
  for (const key of await deps.keys.listActive(userId)) {
    const event = keyRevoked(by, key.keyId, userId);
    if (await deps.keys.revoke(userId, key._id, event))
      await deps.outbox.announce(deps.keys.model, key._id, event);
  }
  for (const grant of await deps.oauth.listActive(userId))
    await endGrant(deps, grant._id, userId, by);
  const { memberships, teams } = await deps.personalData.teams(userId);
  const teamById = new Map(teams.map((t) => [t._id, t]));
  for (const m of memberships) {
    const team = teamById.get(m.teamId);
    const role = team ? roleOf(m, team) : 'member';
    // An owner leaving gives up an owner slot, so the count never exceeds the owners there are
    // (the last-owner guard). The last owner of a team nobody else is in keeps the slot: the
    // team is left without members (deletion refuses a last owner whose team has others).
    if (team && role === 'owner') {
      await deps.teams.ensureOwnerCount(team);
      await deps.teams.takeOwnerSlot(team._id);
    }
    const event = membershipRemoved(by, m.teamId, userId, role);
    if (await deps.personalData.leave(m._id, event))
      await deps.outbox.announce(deps.personalData.memberships, m._id, event);
  }
}

/** An instance admin follows an erasure by the user's id. */
export async function deletionStatus(
  deps: IdentityDeps,
  actor: Actor,
  userId: string,
): Promise<DeletionDoc> {
  requireHuman(actor, 'read deletions');
  if (!actor.isAdmin) throw forbidden('Only an admin can follow a deletion');
  const held = await deps.deletions.findByUser(userId);
  if (!held) throw notFound('Deletion');
  return held;
}

/**
 * A service erased its part (`<service>.user.erased`): recorded; with the last one the
 * account itself is removed. Idempotent: a repeated confirmation changes nothing.
 */
export async function confirmErasure(deps: IdentityDeps, data: UserErasedData): Promise<void> {
  const deletion = await deps.deletions.confirm(data.deletionId, data.service);
  if (deletion) await completeIfConfirmed(deps, deletion);
}

async function completeIfConfirmed(deps: IdentityDeps, deletion: DeletionDoc): Promise<void> {
  if (deletion.completedAt) return;
  if (!ERASING_SERVICES.every((s: ErasingService) => deletion.confirmed.includes(s))) return;
  const user = await deps.users.find(deletion.userId);
  await deps.audit.forget(deletion.userId, user?.email ?? null);
  await deps.oauth.removeUser(deletion.userId);
  await deps.personalData.remove(deletion.userId);
  const now = deps.now();
  await deps.deletions.complete(
    deletion._id,
    now,
    new Date(now.getTime() + deps.deletion.recordDays * DAY_MS),
  );
}

/**
 * The retry sweep: erasures some service has not confirmed within `retryMs` are published
 * again (a service that was down, or lost the request, erases on the new one), after the
 * person is cut off again; those all confirmed but not completed (a crash between) complete.
 */
export async function retryDeletions(deps: IdentityDeps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - deps.deletion.retryMs);
  let published = 0;
  for (const deletion of await deps.deletions.due(before)) {
    if (ERASING_SERVICES.every((s) => deletion.confirmed.includes(s))) {
      await completeIfConfirmed(deps, deletion);
      continue;
    }
    await cutOff(deps, null, deletion.userId);
    const event = deletionRequested({ deletionId: deletion._id, userId: deletion.userId });
    if (await deps.deletions.claim(deletion._id, before, now, event)) {
      await deps.outbox.flush(deps.deletions.model, deletion._id);
      published++;
    }
  }
  return published;
}
