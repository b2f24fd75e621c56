import type { Logger } from '@momentum/service-kit';
import type { Directory } from '../directory/directory.js';
import type { Outbox } from '../events/outbox.js';
import type { ActivityStore } from '../store/activity-store.js';
import type { BlockerStore } from '../store/blocker-store.js';
import type { CommentStore } from '../store/comment-store.js';
import type { IssueStore } from '../store/issue-store.js';
import type { TimelineStore } from '../store/timeline-store.js';
import type { Projects } from './projects.js';

/** What the use-cases work with; built once in app.ts. */
export interface IssuesCore {
  issues: IssueStore;
  timelines: TimelineStore;
  comments: CommentStore;
  activity: ActivityStore;
  blockers: BlockerStore;
  projects: Projects;
  directory: Directory;
  outbox: Outbox;
  log: Logger;
}
