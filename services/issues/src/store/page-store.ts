import type { Scope } from '@momentum/contracts';
import type { ActivityEntry, CommentEntry, IssueDoc, IssuesModels } from './models.js';
import { listProjection } from './issue-store.js';
import { byTime, type Timeline, type TimelineStore } from './timeline-store.js';

/** As many as an issue page shows, the oldest first. */
const COMMENTS_SHOWN = 1000;
const ACTIVITY_SHOWN = 5000;
const SUB_ISSUES_SHOWN = 500;

/** What an issue's page shows beside the issue and its blockers. */
export interface PageParts {
  comments: CommentEntry[];
  activity: ActivityEntry[];
  /** Sub-issues the scope may see, oldest first. */
  subIssues: IssueDoc[];
}

/**
 * An issue page's comments, activity and sub-issues. Indexed queries read them; on the
 * local engine (`timelines` given) the issue's timeline document does, by `_id`, as
 * FerretDB would read each whole collection for the queries. Both answer the same.
 */
export class PageStore {
  constructor(
    private readonly m: IssuesModels,
    private readonly timelines: TimelineStore | null,
  ) {}

  async read(scope: Scope, issueId: string): Promise<PageParts> {
    if (this.timelines) return this.fromTimeline(scope, issueId, this.timelines);
    const [comments, activity, subIssues] = await Promise.all([
      this.comments(issueId, COMMENTS_SHOWN),
      this.activity(issueId, ACTIVITY_SHOWN),
      this.m.Issue.find(
        { parentId: issueId, deletedAt: null, teamId: { $in: [...scope.teamIds] } },
        listProjection,
      )
        .sort({ createdAt: 1, _id: 1 })
        .limit(SUB_ISSUES_SHOWN)
        .lean<IssueDoc[]>(),
    ]);
    return { comments, activity, subIssues };
  }

  private async fromTimeline(scope: Scope, issueId: string, timelines: TimelineStore) {
    const timeline = (await timelines.read(issueId)) ?? (await this.rebuild(issueId, timelines));
    // The children the timeline names, read by `_id`: those still under this issue.
    const children = await Promise.all(
      timeline.children.map((id) =>
        this.m.Issue.findById(id, listProjection).lean<IssueDoc>().exec(),
      ),
    );
    const subIssues = children
      .filter(
        (d): d is IssueDoc =>
          !!d && d.parentId === issueId && !d.deletedAt && scope.teamIds.includes(d.teamId),
      )
      .sort(byTime)
      .slice(0, SUB_ISSUES_SHOWN);
    return {
      comments: timeline.comments.slice(0, COMMENTS_SHOWN),
      activity: timeline.activity.slice(0, ACTIVITY_SHOWN),
      subIssues,
    };
  }

  /** The timeline from the collections, kept for the next read (see TimelineStore). */
  private async rebuild(issueId: string, timelines: TimelineStore): Promise<Timeline> {
    const [comments, activity, children] = await Promise.all([
      this.comments(issueId),
      this.activity(issueId),
      this.m.Issue.find({ parentId: issueId }, { _id: 1 }).lean<Pick<IssueDoc, '_id'>[]>(),
    ]);
    const timeline = { comments, activity, children: children.map((c) => c._id) };
    await timelines.rebuild(issueId, timeline);
    return timeline;
  }

  private comments(issueId: string, limit = 0) {
    return this.m.Comment.find({ issueId, deletedAt: null }, { _outbox: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      .lean<CommentEntry[]>()
      .exec();
  }

  private activity(issueId: string, limit = 0) {
    return this.m.Activity.find({ issueId }, { _outbox: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      .lean<ActivityEntry[]>()
      .exec();
  }
}
