import type { Scope } from '@momentum/contracts';
import type { ActivityEntry, CommentEntry, IssueDoc, IssuesModels } from './models.js';
import { listProjection } from './issue-store.js';

/**
 * How many of each an issue page shows: the newest, so an issue with thousands of
 * comments or entries answers in the same bounded size; older ones by cursor.
 */
export const COMMENTS_SHOWN = 50;
export const ACTIVITY_SHOWN = 100;
const SUB_ISSUES_SHOWN = 500;
/**
 * Entries of one write share a time (a PATCH of several fields): a page reads this many
 * more than it shows, so those at the cursor's own time that were shown already can be
 * skipped in code (a range on the time alone, which the index serves; no `$or`).
 */
const SAME_TIME_ROOM = 64;

const noOutbox = { _outbox: 0, _activity: 0, _activitySince: 0 } as const;
/** Oldest first, ids breaking ties. */
const byTime = { createdAt: 1, _id: 1 } as const;
const newestFirst = { createdAt: -1, _id: -1 } as const;

/** A position between entries: the time and id of the oldest one shown. */
export interface Position {
  at: Date;
  id: string;
}

/** The cursor clients pass back: opaque, URL-safe. */
export const cursorOf = (p: Position): string =>
  Buffer.from(`${p.at.getTime()}.${p.id}`).toString('base64url');

/** The position in a cursor; null when it is not one this API made. */
export function positionOf(cursor: string): Position | null {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  const at = Number(ms);
  return Number.isSafeInteger(at) && id && /^[0-9a-f-]{36}$/.test(id)
    ? { at: new Date(at), id }
    : null;
}

/** Some of an issue's comments or activity, oldest first, and where older ones start. */
export interface Slice<T> {
  items: T[];
  /** The cursor for the ones before these; null when there are none. */
  older: string | null;
}

/** What an issue's page shows beside the issue and its blockers. */
export interface PageParts {
  comments: Slice<CommentEntry>;
  activity: Slice<ActivityEntry>;
  /** Sub-issues the scope may see, oldest first. */
  subIssues: IssueDoc[];
}

/** Where each list of the page ends: null for the newest. */
export interface PageCursors {
  commentsBefore: Position | null;
  activityBefore: Position | null;
}

type Timed = { _id: string; createdAt: Date };

/**
 * An issue page's comments, activity and sub-issues: three queries at once, each served
 * by a declared index (`{issueId, createdAt, _id}` for comments and activity, read
 * backwards from the newest or from a cursor; `{parentId, createdAt, _id}` for
 * sub-issues), each reading a bounded number of entries.
 */
export class PageStore {
  constructor(private readonly m: IssuesModels) {}

  async read(
    scope: Scope,
    issueId: string,
    cursors: PageCursors = { commentsBefore: null, activityBefore: null },
  ): Promise<PageParts> {
    const [comments, activity, subIssues] = await Promise.all([
      this.newest(
        (filter, limit) =>
          this.m.Comment.find({ issueId, deletedAt: null, ...filter }, noOutbox)
            .sort(newestFirst)
            .limit(limit)
            .lean<CommentEntry[]>()
            .exec(),
        cursors.commentsBefore,
        COMMENTS_SHOWN,
      ),
      this.newest(
        (filter, limit) =>
          this.m.Activity.find({ issueId, ...filter }, noOutbox)
            .sort(newestFirst)
            .limit(limit)
            .lean<ActivityEntry[]>()
            .exec(),
        cursors.activityBefore,
        ACTIVITY_SHOWN,
      ),
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

  /** The `shown` newest before `before` (or of all), oldest first, and the cursor past them. */
  private async newest<T extends Timed>(
    find: (filter: Record<string, unknown>, limit: number) => Promise<T[]>,
    before: Position | null,
    shown: number,
  ): Promise<Slice<T>> {
    const read = await find(
      before ? { createdAt: { $lte: before.at } } : {},
      before ? shown + 1 + SAME_TIME_ROOM : shown + 1,
    );
    const older = before
      ? read.filter((e) => e.createdAt.getTime() < before.at.getTime() || e._id < before.id)
      : read;
    const items = older.slice(0, shown);
    const last = items[items.length - 1];
    const more = older.length > shown && last;
    return {
      items: items.reverse(),
      older: more ? cursorOf({ at: last.createdAt, id: last._id }) : null,
    };
  }
}
