import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { AgentStore } from './store/agent-store.js';
import type { OwnerDirectory } from './clients/owner-directory.js';
import type { PersonalDataStore } from './store/personal-data.js';

/** The ports the agents use cases work with; app.ts builds them. */
export interface AgentsDeps {
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  store: AgentStore;
  /** Publishes what a write stored in its `_outbox` (agents announce before the reply). */
  outbox: OutboxRelay;
  /** Agents' owners and their teams, as identity knows them. */
  owners: OwnerDirectory;
  /** bcrypt's cost for the keys it makes (API_KEY_HASH_COST). */
  keyHashCost: number;
  /** Per-user limits (absent: none); see agent-quota.ts. */
  limits?: { agentsPerUser: number; keyMintsPerHour?: number };
}
