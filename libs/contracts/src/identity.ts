import { z } from 'zod';
import { Uuid } from './common.js';

export const CreateUserBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254).optional(),
});

export const CreateTeamBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  key: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/, {
      message: 'must be 2–10 letters or digits, starting with a letter',
    })
    .transform((k) => k.toUpperCase())
    .optional(),
});

export const AddMemberBody = z.strictObject({ userId: Uuid });

export const TeamParams = z.object({ id: Uuid });
export const TeamMemberParams = z.object({ id: Uuid, userId: Uuid });
export const KeyParams = z.object({ id: Uuid });

export const TeamView = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  createdAt: z.string(),
});
export const UserView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().optional(),
  createdAt: z.string(),
});
export const MeView = z.object({
  type: z.enum(['user', 'agent']),
  id: z.string(),
  name: z.string(),
  teamIds: z.array(z.string()),
  isAdmin: z.boolean(),
  email: z.string().optional(),
  level: z.number().optional(),
  xp: z.number().optional(),
  ownerId: z.string().optional(),
  teamId: z.string().nullable().optional(),
});

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
  };
}

/** A user as other services see them (assignees, mentions). */
export interface UserSummary {
  id: string;
  name: string;
  avatar: string;
}
