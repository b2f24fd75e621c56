import { z } from 'zod';
import { PageQuery, Timestamp, Uuid, queryInt } from './common.js';
import { AfterQuery } from './list-cursor.js';
import { KeyGrantFields, SCOPES } from './scopes.js';

export const CreateUserBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254).optional(),
  })
  .meta({ id: 'CreateUser' });

export const CreateTeamBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    key: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/, {
        message: 'must be 2–10 letters or digits, starting with a letter',
      })
      .transform((k) => k.toUpperCase())
      .optional()
      .describe('2–10 letters or digits; defaults to the initials of the name, numbered if taken'),
  })
  .meta({ id: 'CreateTeam' });

/**
 * A member's role in a team. `guest` is reserved (not yet assignable): guests who see only
 * the projects they are added to need per-project access the projects service lacks.
 */
export const TeamRole = z.enum(['owner', 'admin', 'member', 'guest']).meta({ id: 'TeamRole' });
export type TeamRole = z.infer<typeof TeamRole>;
/** The roles the API assigns (by add, invitation or role change). */
export const AssignableRole = z
  .enum(['owner', 'admin', 'member'])
  .describe('`owner` and `admin` manage the team; only an owner grants or touches `owner`');

export const AddMemberBody = z
  .strictObject({ userId: Uuid, role: AssignableRole.optional().describe('Default `member`') })
  .meta({ id: 'AddMember' });
export const UpdateMemberBody = z
  .strictObject({ role: AssignableRole })
  .meta({ id: 'UpdateMember' });

export const CreateInvitationBody = z
  .strictObject({
    userId: Uuid.optional().describe('Who is invited; or `email`'),
    email: z.email().max(254).optional().describe('Who is invited, by email; or `userId`'),
    role: AssignableRole.optional().describe('The role on accepting; default `member`'),
  })
  .refine((b) => (b.userId === undefined) !== (b.email === undefined), {
    message: 'give exactly one of userId and email',
    path: ['userId'],
    params: { rule: 'one_of_user_id_email' },
  })
  .meta({ id: 'CreateInvitation' });
export const InvitationParams = z.object({ id: Uuid });
export const TeamInvitationParams = z.object({ id: Uuid, invitationId: Uuid });
export const InvitationStatus = z
  .enum(['pending', 'accepted', 'declined', 'revoked', 'expired'])
  .describe('`expired`: still pending when `expiresAt` passed');
export const InvitationView = z
  .object({
    id: Uuid,
    team: z.object({ id: Uuid, name: z.string(), key: z.string() }),
    role: AssignableRole,
    userId: Uuid.nullable().describe('The invitee, when invited by id'),
    email: z.string().nullable().describe('The invitee, when invited by email'),
    invitedBy: z.object({ id: Uuid, name: z.string() }),
    status: InvitationStatus,
    expiresAt: Timestamp,
    createdAt: Timestamp,
    respondedAt: Timestamp.nullable().describe('When it was accepted, declined or revoked'),
  })
  .meta({ id: 'Invitation' });

export const TeamParams = z.object({ id: Uuid });
export const TeamMemberParams = z.object({ id: Uuid, userId: Uuid });
export const KeyParams = z.object({ id: Uuid });

export const TeamView = z
  .object({
    id: Uuid,
    name: z.string(),
    key: z.string().describe('Short uppercase key, e.g. `DS`'),
    role: TeamRole.describe('The caller’s role in the team (an agent’s: `member`)'),
    createdAt: Timestamp,
  })
  .meta({ id: 'Team' });
export const UserView = z
  .object({
    id: Uuid,
    name: z.string(),
    email: z.string().optional(),
    createdAt: Timestamp,
  })
  .meta({ id: 'User' });
export const MeView = z
  .object({
    type: z.enum(['user', 'agent']),
    id: Uuid,
    name: z.string(),
    teamIds: z
      .array(Uuid)
      .optional()
      .describe('With `profile:read` (or a key without scopes); absent otherwise'),
    isAdmin: z.boolean(),
    email: z.string().optional().describe('Users only, with `profile:read`'),
    level: z.number().int().optional().describe('Users only, with `profile:read`'),
    xp: z.number().int().optional().describe('Users only, with `profile:read`'),
    ownerId: Uuid.optional().describe('Agents only: the owning user'),
    teamId: Uuid.nullable().optional().describe('Agents only: the agent’s own team'),
    scopes: z
      .array(z.enum(SCOPES))
      .describe('What the calling key may do (every scope for a key created without scopes)'),
    expiresAt: z.iso
      .datetime()
      .nullable()
      .describe('When the calling key stops working; null: never'),
  })
  .meta({ id: 'Me', description: 'Who the caller acts as' });

/** `POST /api/users`: the user and their first key, shown this once. */
export const NewUserView = z
  .object({ user: UserView, apiKey: z.string().describe('Shown this once') })
  .meta({ id: 'NewUser' });
/** A key of the caller's: its ids and grant, never the key. */
export const ApiKeyInfo = z
  .object({
    id: Uuid,
    keyId: z.string().describe('The public part of the key (`svc_<keyId>_…`)'),
    ...KeyGrantFields,
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe(
      'When a gateway last verified the key (to the minute or so); null: not yet',
    ),
  })
  .meta({ id: 'ApiKeyInfo' });
export const NewApiKey = z
  .object({ id: Uuid, apiKey: z.string().describe('Shown this once'), ...KeyGrantFields })
  .meta({ id: 'NewApiKey' });
export const Membership = z
  .object({ teamId: Uuid, userId: Uuid, role: TeamRole })
  .meta({ id: 'Membership' });

/** `GET /api/teams/:id/audit`: newest first, paged by cursor. */
export const ListAuditQuery = z.strictObject({
  limit: queryInt(1, 100, 50),
  after: AfterQuery,
});
export type ListAuditQuery = z.output<typeof ListAuditQuery>;
export const AuditEntryView = z
  .object({
    id: Uuid.describe('The id of the event it records'),
    type: z
      .string()
      .describe(
        '`membership.added|removed|role_changed`, `invitation.created|accepted|declined|revoked`, `agent.created|updated|deleted`, `agent.key_rotated`',
      ),
    actor: z
      .object({ type: z.enum(['user', 'agent', 'system']), id: z.string() })
      .nullable()
      .describe('Who did it'),
    data: z.record(z.string(), z.unknown()).describe('What changed: the event’s fields'),
    at: Timestamp,
  })
  .meta({ id: 'AuditEntry' });

/** Data of the `identity.invitation.*` events. */
export interface InvitationEventData {
  id: string;
  teamId: string;
  role: TeamRole;
  userId: string | null;
  email: string | null;
}

/** What identity tells the gateway about a key id (internal). */
export interface KeyRecord {
  keyId: string;
  hash: string;
  actor: {
    type: 'user' | 'agent';
    id: string;
    userId: string;
    name: string;
    teamIds: string[];
    isAdmin: boolean;
    agentTeamId?: string | null;
    /** The key's scopes; absent or null: every scope. */
    scopes?: string[] | null;
    /** When the key expires (ISO 8601); the gateway refuses it from then on. */
    keyExpiresAt?: string | null;
    /** The key's id, carried on the actor (what the key makes can be tied to it). */
    keyId?: string | null;
  };
}

/** A user as other services see them (assignees, mentions). */
export interface UserSummary {
  id: string;
  name: string;
  avatar: string;
}

/** Data of `identity.membership.added` / `.removed` / `.role_changed`. */
export interface MembershipEventData {
  teamId: string;
  userId: string;
  /** The member's role (after the change; on removal, the role they had). */
  role: TeamRole;
  /** Role changes: the role before. */
  previousRole?: TeamRole;
  /** Added events: the team's name and the acting person's, for the notifications service. */
  teamName?: string;
  actorName?: string;
}

/** `?q=`: a name or email prefix, any case; trimmed, 1–100 characters. */
const PeopleQuery = z
  .string()
  .trim()
  .min(1, { message: 'must be 1 to 100 characters' })
  .max(100, { message: 'must be 1 to 100 characters' })
  .optional()
  .describe('A prefix of a name (of any of its words) or of an email, in any case');

/** `GET /api/teams/:id/members`: people and agents, filtered and paged. */
export const TeamMembersQuery = z.object({
  q: PeopleQuery,
  kind: z.enum(['user', 'agent']).optional().describe('Only people, or only agents'),
  ...PageQuery,
});

/** One entry of a team's directory: a person or an agent. */
export const DirectoryMember = z
  .object({
    id: Uuid,
    kind: z.enum(['user', 'agent']),
    name: z.string(),
    avatar: z
      .string()
      .describe('The avatar’s URL (`/api/avatars/…`, on the API’s own origin); as `avatarUrl`'),
    avatarUrl: z
      .string()
      .nullable()
      .describe('The avatar’s URL, drawn by the gateway (`GET /api/avatars/{kind}/{file}`)'),
    role: TeamRole.describe('The member’s role in the team'),
    joinedAt: Timestamp.describe(
      'When the person joined (an agent: when it was made, its team set then or later)',
    ),
  })
  .meta({ id: 'TeamMember', description: 'A person or an agent of a team' });
export type DirectoryMember = z.infer<typeof DirectoryMember>;

/** `PATCH /api/users/me`: what a person changes of their own profile. */
export const UpdateMeBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    email: z
      .email()
      .max(254)
      .transform((e) => e.trim())
      .nullable()
      .optional()
      .describe('Unique across users, in any case (409 if taken); null removes it'),
    timeZone: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .describe('An IANA zone (`Europe/Berlin`), stored canonical; null: none said'),
  })
  .refine((b) => Object.keys(b).length > 0, {
    message: 'name at least one of name, email, timeZone',
    params: { rule: 'required' },
  })
  .meta({ id: 'UpdateMe' });

/** A user account as its owner and instance admins see it. */
export const UserAccount = z
  .object({
    id: Uuid,
    name: z.string(),
    email: z.string().nullable(),
    timeZone: z.string().nullable().describe('IANA zone; null: none said'),
    isAdmin: z.boolean(),
    active: z.boolean().describe('False once an admin deactivated the user: their keys stop'),
    deactivatedAt: Timestamp.nullable(),
    avatar: z.string().describe('The avatar’s URL (`/api/avatars/user/…`)'),
    createdAt: Timestamp,
  })
  .meta({ id: 'UserAccount' });

/** `GET /api/users` (instance admins). */
export const UsersQuery = z.object({
  q: PeopleQuery,
  active: z.enum(['true', 'false']).optional().describe('Only active, or only deactivated users'),
  ...PageQuery,
});
export const UserParams = z.object({ id: Uuid });

/** Data of `identity.user.updated`, `.deactivated` and `.reactivated`: whose keys to re-check. */
export interface UserEventData {
  userId: string;
}
