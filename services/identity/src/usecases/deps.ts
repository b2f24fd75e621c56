import type { UserStore } from '../store/user-store.js';
import type { TeamStore } from '../store/team-store.js';
import type { KeyStore } from '../store/key-store.js';
import type { Announcer } from '../events/announcer.js';

/** What the identity use cases work with. */
export interface IdentityDeps {
  users: UserStore;
  teams: TeamStore;
  keys: KeyStore;
  announcer: Announcer;
  /** Per-user limits (absent: none); see key-quota.ts. */
  limits?: { keysPerUser: number };
}
