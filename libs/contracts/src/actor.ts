import { z } from 'zod';

/**
 * Who is acting. Resolved by the gateway from the API key and forwarded to services in
 * a signed header; services never see raw keys.
 */
export const ActorSchema = z.object({
  type: z.enum(['user', 'agent', 'system']),
  /** The user id, or the agent id for an agent. */
  id: z.string(),
  /** The owning user: equal to id for a user, the owner for an agent. */
  userId: z.string(),
  name: z.string(),
  /** Teams whose projects the actor may reach. */
  teamIds: z.array(z.string()),
  isAdmin: z.boolean(),
  /** An agent's own team, when it has one. */
  agentTeamId: z.string().nullable().optional(),
  /** The calling key's scopes (see scopes.ts); absent or null: every scope. */
  scopes: z.array(z.string()).nullable().optional(),
  /** When the calling key expires (ISO 8601); absent or null: never. */
  keyExpiresAt: z.string().nullable().optional(),
  /** The calling key's id (what it made can be tied to it: webhooks); absent: no key. */
  keyId: z.string().nullable().optional(),
});
export type Actor = z.infer<typeof ActorSchema>;

/** The actor services use when they call each other. */
export const SYSTEM_ACTOR: Actor = {
  type: 'system',
  id: 'system',
  userId: 'system',
  name: 'system',
  teamIds: [],
  isAdmin: true,
};

/**
 * A scope every store query demands: whose data, which teams. Built only from an actor,
 * so no route can list or fetch without an access decision.
 */
export interface Scope {
  readonly userId: string;
  readonly teamIds: readonly string[];
  readonly actorId: string;
}
export const scopeOf = (actor: Actor): Scope => ({
  userId: actor.userId,
  teamIds: actor.teamIds,
  actorId: actor.id,
});
