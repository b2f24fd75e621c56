import type { Mention, PersonSummary } from '@momentum/contracts';

/** A user or agent who may be assigned or mentioned. */
export interface Person extends PersonSummary {
  type: Mention['type'];
}

/**
 * Who belongs to a team, and what people are called — answered by the identity and agents
 * services. Behind one interface so the app can be tested without them.
 */
export interface Directory {
  /** Members of the team (users). */
  teamMembers(teamId: string): Promise<Person[]>;
  /** Active agents attached to the team. */
  teamAgents(teamId: string): Promise<Person[]>;
  /** Names and avatars of users and agents by id; unknown ids are left out. */
  people(ids: readonly string[]): Promise<Person[]>;
}
