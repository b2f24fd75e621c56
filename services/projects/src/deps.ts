import type { Logger } from '@momentum/messaging';
import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { ProjectStore } from './store/project-store.js';
import type { IssueStateStore } from './store/issue-state-store.js';
import type { TeamDirectory } from './clients/team-directory.js';
import type { IssueStatesSource } from './clients/issue-states-source.js';
import type { PersonalDataStore } from './store/personal-data.js';

/** The ports the projects use cases work with; app.ts builds them. */
export interface ProjectsDeps {
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  store: ProjectStore;
  /** The issue-count read model. */
  states: IssueStateStore;
  /** Team memberships (identity). */
  teams: TeamDirectory;
  /** The truth about a project's issues, for count rebuilds and audits (issues). */
  source: IssueStatesSource;
  /** Publishes what a project write stored in its `_outbox`, right after the write. */
  outbox: OutboxRelay;
  log: Logger;
  /** Per-account limits (absent: none); see project-quota.ts. */
  limits?: { projectsPerCreator: number };
}
