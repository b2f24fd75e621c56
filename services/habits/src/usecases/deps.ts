import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { TaskStore } from '../store/task-store.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { CompletionStore } from '../store/completion-store.js';
import type { ProfileState } from '../store/profile-store.js';
import { dayKey } from '../domain/days.js';
import type { SettledDays } from './settled-days.js';
import type { HabitsFaults } from './award-xp.js';

/** What the use-cases share: stores, the relay, read caches and a clock (tests move it between days). */
export interface HabitsDeps {
  tasks: TaskStore;
  profiles: ProfileStore;
  completions: CompletionStore;
  relay: OutboxRelay;
  /** Users whose current day this process saw settled (a read cache, settled-days.ts). */
  settledDays: SettledDays;
  now: () => Date;
  /** Test hooks between the steps of a completion (award-xp.ts); none in production. */
  faults: HabitsFaults;
}

/** The user's current day in their own time zone. */
export const todayOf = (profile: Pick<ProfileState, 'timezone' | 'dayStartHour'>, now: Date) =>
  dayKey(now, profile.timezone, profile.dayStartHour);
