import { avatarUrl, effectiveScopes, type TeamRole } from '@momentum/contracts';
import type { DirectoryEntry } from '../domain/directory.js';
import type { AuditDoc, TeamDoc, UserDoc, UserKeyDoc } from '../store/models.js';
import type { InvitationInfo } from '../usecases/invitations.js';

/** Stored documents as the API replies with them. */

export const teamView = (t: TeamDoc, role: TeamRole) => ({
  id: t._id,
  name: t.name,
  key: t.key,
  role,
  createdAt: t.createdAt.toISOString(),
});

export const userView = (u: UserDoc) => ({
  id: u._id,
  name: u.name,
  ...(u.email ? { email: u.email } : {}),
  createdAt: u.createdAt.toISOString(),
});

type ListedKey = Pick<
  UserKeyDoc,
  '_id' | 'keyId' | 'name' | 'scopes' | 'expiresAt' | 'createdAt' | 'lastUsedAt'
>;

export const keyInfo = (k: ListedKey) => ({
  id: k._id,
  keyId: k.keyId,
  name: k.name ?? null,
  // Catalogue scopes only: a stored name the catalogue dropped must not break the reply.
  scopes: k.scopes ? effectiveScopes(k.scopes) : null,
  expiresAt: k.expiresAt ? k.expiresAt.toISOString() : null,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
});

/** A user's account, for themselves and instance admins. */
export const accountView = (u: UserDoc) => ({
  id: u._id,
  name: u.name,
  email: u.email ?? null,
  timeZone: u.timeZone ?? null,
  isAdmin: u.isAdmin,
  active: !u.deactivatedAt,
  deactivatedAt: u.deactivatedAt ? u.deactivatedAt.toISOString() : null,
  avatar: avatarUrl('user', u._id, u.name),
  createdAt: u.createdAt.toISOString(),
});

/** A directory entry: never the email it may have been found by. */
export const memberView = (e: DirectoryEntry) => ({
  id: e.id,
  kind: e.kind,
  name: e.name,
  avatar: e.avatar,
  avatarUrl: e.avatar,
  role: e.role,
  joinedAt: e.joinedAt.toISOString(),
});

export const invitationView = ({ invitation: i, state, team, inviter }: InvitationInfo) => ({
  id: i._id,
  team: { id: team._id, name: team.name, key: team.key },
  role: i.role,
  userId: i.userId,
  email: i.email,
  invitedBy: inviter,
  status: state,
  expiresAt: i.expiresAt.toISOString(),
  createdAt: i.createdAt.toISOString(),
  respondedAt: i.respondedAt ? i.respondedAt.toISOString() : null,
});

export const auditEntryView = (a: AuditDoc) => ({
  id: a._id,
  type: a.type,
  actor: a.actor,
  data: a.data,
  at: a.at.toISOString(),
});
