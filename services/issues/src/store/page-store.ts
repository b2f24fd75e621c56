import type { Scope } from '@momentum/contracts';
import type { ActivityEntry, CommentEntry, IssueDoc, IssuesModels } from './models.js';
import { listProjection } from './issue-store.js';

/** As many as an issue page shows, the oldest first: each read is bounded. */
const COMMENTS_SHOWN = 1000;
const ACTIVITY_SHOWN = 5000;
const SUB_ISSUES_SHOWN = 500;

const noOutbox = { _outbox: 0 } as const;
/** Oldest first, ids breaking ties. */
const byTime = { createdAt: 1, _id: 1 } as const;

/** What an issue's page shows beside the issue and its blockers. */
export interface PageParts {
  comments: CommentEntry[];
  activity: ActivityEntry[];
  /** Sub-issues the scope may see, oldest first. */
  subIssues: IssueDoc[];
}

/**
 * An issue page's comments, activity and sub-issues: three queries at once, each served
 * by a declared index (`{issueId, createdAt, _id}` for comments and activity,
 * `{parentId, createdAt, _id}` for sub-issues).
 */
export class PageStore {
  constructor(private readonly m: IssuesModels) {}

  async read(scope: Scope, issueId: string): Promise<PageParts> {
    const [comments, activity, subIssues] = await Promise.all([
      this.m.Comment.find({ issueId, deletedAt: null }, noOutbox)
        .sort(byTime)
        .limit(COMMENTS_SHOWN)
        .lean<CommentEntry[]>(),
      this.m.Activity.find({ issueId }, noOutbox)
        .sort(byTime)
        .limit(ACTIVITY_SHOWN)
        .lean<ActivityEntry[]>(),
      this.m.Issue.find(
        { parentId: issueId, deletedAt: null, teamId: { $in: [...scope.teamIds] } },
        listProjection,
      )
        .sort(byTime)
        .limit(SUB_ISSUES_SHOWN)
        .lean<IssueDoc[]>(),
    ]);
    return { comments, activity, subIssues };
  }
}
