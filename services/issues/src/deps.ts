import type { Logger } from '@momentum/messaging';
import type { Directory } from './clients/directory.js';
import type { Outbox } from './events/outbox.js';
import type { AccountCounts } from './store/account-counts.js';
import type { ActivityStore } from './store/activity-store.js';
import type { BlockerStore } from './store/blocker-store.js';
import type { CommentStore } from './store/comment-store.js';
import type { IssueLists } from './store/issue-lists.js';
import type { IssueStore } from './store/issue-store.js';
import type { LinkLeases } from './store/link-leases.js';
import type { PageStore } from './store/page-store.js';
import type { Projects } from './clients/projects.js';
import type { PersonalDataStore } from './store/personal-data.js';

/** The ports the issues use cases work with; app.ts builds them. */
export interface IssuesDeps {
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  issues: IssueStore;
  lists: IssueLists;
  pages: PageStore;
  comments: CommentStore;
  activity: ActivityStore;
  blockers: BlockerStore;
  links: LinkLeases;
  projects: Projects;
  directory: Directory;
  outbox: Outbox;
  /** What each account holds, for the quotas (account-quota.ts). */
  counts: AccountCounts;
  /** Per-account limits (absent or 0: none). */
  limits?: { issues: number; comments: number };
  log: Logger;
}
