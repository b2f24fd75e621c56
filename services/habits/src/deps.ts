import type { Logger } from '@momentum/messaging';
import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { TaskStore } from './store/task-store.js';
import type { ProfileStore } from './store/profile-store.js';
import type { CompletionStore } from './store/completion-store.js';
import type { PersonalDataStore } from './store/personal-data.js';
import type { SettledDays } from './usecases/settled-days.js';

/** The ports the habits use cases work with: stores, the outbox, read caches and a clock (tests move it between days). */
export interface HabitsDeps {
  tasks: TaskStore;
  profiles: ProfileStore;
  completions: CompletionStore;
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  /** Publishes what a write stored in its `_outbox`, right after the write. */
  outbox: OutboxRelay;
  /** Users whose current day this process saw settled (a read cache, settled-days.ts). */
  settledDays: SettledDays;
  now: () => Date;
  /** What needs an operator's eye (XP applied under a new id: award-xp.ts). */
  log: Logger;
}
