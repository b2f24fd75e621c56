import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { UserStore } from './store/user-store.js';
import type { TeamStore } from './store/team-store.js';
import type { KeyStore } from './store/key-store.js';
import type { OAuthStore } from './store/oauth-store.js';
import type { InvitationStore } from './store/invitation-store.js';
import type { AuditStore } from './store/audit-store.js';
import type { HabitsClient } from './clients/habits.js';
import type { TeamAgents } from './clients/agents.js';
import type { DeletionStore } from './store/deletion-store.js';
import type { PersonalDataStore } from './store/personal-data.js';
import type { ExportSource } from './clients/exports.js';

/** The ports the identity use cases work with; app.ts builds them. */
export interface IdentityDeps {
  users: UserStore;
  teams: TeamStore;
  keys: KeyStore;
  /** OAuth clients, codes, grants and token hashes (the gateway's authorization server). */
  oauth: OAuthStore;
  invitations: InvitationStore;
  /** How long an invitation may be answered (INVITATION_TTL_HOURS). */
  invitationTtlMs: number;
  audit: AuditStore;
  /** How long a team's audit entries are kept (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** Publishes what a write stored in its `_outbox` (identity announces before the reply). */
  outbox: OutboxRelay;
  /** Absent when HABITS_URL is not set: `GET /api/me` then goes without progress. */
  habits: HabitsClient | null;
  /** Absent when AGENTS_URL is not set: a team's directory then lists its people alone. */
  agents?: TeamAgents | null;
  /** bcrypt's cost for the keys it makes (API_KEY_HASH_COST). */
  keyHashCost: number;
  /** Per-user limits (absent: none); see key-quota.ts and team-quota.ts. */
  limits?: { keysPerUser: number; keyMintsPerHour?: number; teamsPerUser?: number };
  /** People's erasures (usecases/deletion.ts) and what identity holds of a person. */
  deletions: DeletionStore;
  personalData: PersonalDataStore;
  /** The services whose part of an export is read (those with a URL configured). */
  exportSources: ExportSource[];
  /** Re-publish an unconfirmed erasure after `retryMs`; keep its record `recordDays`. */
  deletion: { retryMs: number; recordDays: number };
  now: () => Date;
}
