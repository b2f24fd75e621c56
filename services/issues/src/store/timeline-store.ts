import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@momentum/service-kit/storage';
import type { ActivityEntry, CommentEntry } from './models.js';

/** What an issue's page shows beside the issue, as its timeline keeps it. */
export interface Timeline {
  /** The comments as they are now, oldest first. */
  comments: CommentEntry[];
  activity: ActivityEntry[];
  /** Ids of issues created under, or moved under, this one (readers check they still are). */
  children: string[];
}

/** A comment as pushed: `rev` tells which of its versions is the latest. */
type CommentVersion = CommentEntry;

interface TimelineDoc {
  _id: string;
  /** Set once the timeline holds everything the collections held for the issue. */
  complete?: boolean;
  /** JSON strings: FerretDB stores and decodes each as one value, not as a document. */
  comments?: string[];
  activity?: string[];
  children?: string[];
}

/** Oldest first, ids breaking ties: the order of an issue page's lists. */
export const byTime = (a: { createdAt: Date; _id: string }, b: { createdAt: Date; _id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1);

/**
 * One document per issue with its comments, activity and sub-issue ids, used only on the
 * local engine: the issue page reads it by `_id` instead of filtering three collections,
 * each of which FerretDB over SQLite would read whole. The collections stay the record.
 *
 * Every write is a `$push` (upserting), an atomic write of one document, so writers in any
 * number of processes never lose each other's entries; readers resolve what order cannot:
 * the newest `rev` of each comment wins, repeated entries count once, lists are sorted.
 * A timeline is `complete` once it was opened with its issue, or rebuilt from the
 * collections: anything written meanwhile was pushed too, so nothing falls between.
 */
export class TimelineStore {
  constructor(private readonly db: Connection) {}

  private get collection() {
    return this.db.collection<TimelineDoc>('issue_timelines');
  }

  /** A new issue's timeline, with its first activity. */
  open(issueId: string, activity: ActivityEntry[]): Promise<void> {
    return this.write(issueId, { activity: activity.map(encode) }, true);
  }

  addActivity(issueId: string, entries: ActivityEntry[]): Promise<void> {
    return this.write(issueId, { activity: entries.map(encode) });
  }

  /** A comment as written now (added, edited or deleted). */
  addComment(comment: CommentVersion): Promise<void> {
    return this.write(comment.issueId, { comments: [encode(comment)] });
  }

  /** An issue created under, or moved under, `parentId`. */
  adopt(parentId: string, childId: string): Promise<void> {
    return this.write(parentId, { children: [childId] });
  }

  /** The issue's timeline, or null when it is not complete (the caller rebuilds it). */
  async read(issueId: string): Promise<Timeline | null> {
    const doc = await this.collection.findOne({ _id: issueId });
    return doc?.complete ? decode(doc) : null;
  }

  /** Completes the timeline with what the collections hold (read after anything pushed). */
  rebuild(issueId: string, from: Timeline): Promise<void> {
    return this.write(
      issueId,
      {
        comments: from.comments.map(encode),
        activity: from.activity.map(encode),
        children: from.children,
      },
      true,
    );
  }

  /**
   * Starting without the local engine, the timelines are dropped: writes made meanwhile
   * would be missing from them. They are rebuilt when read.
   */
  static async forget(db: Connection): Promise<void> {
    await db
      .collection('issue_timelines')
      .drop()
      .catch(() => undefined);
  }

  private async write(
    issueId: string,
    push: Partial<Record<'comments' | 'activity' | 'children', string[]>>,
    complete = false,
  ): Promise<void> {
    const each = Object.fromEntries(
      Object.entries(push)
        .filter(([, values]) => values.length)
        .map(([field, values]) => [field, { $each: values }]),
    );
    const update = {
      ...(Object.keys(each).length ? { $push: each } : {}),
      ...(complete ? { $set: { complete: true } } : {}),
    };
    if (!Object.keys(update).length) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.collection.updateOne({ _id: issueId }, update, { upsert: true });
        return;
      } catch (err) {
        // Two first writes of one timeline: the loser's insert hits the `_id`; again updates.
        if (!isDuplicateKey(err) || attempt >= 2) throw err;
      }
    }
  }
}

const encode = (value: unknown) => JSON.stringify(value);

function decode(doc: TimelineDoc): Timeline {
  const latest = new Map<string, CommentVersion>();
  for (const text of doc.comments ?? []) {
    const version = withDates(JSON.parse(text) as CommentVersion);
    const seen = latest.get(version._id);
    // Comments stored before `rev` existed have none: their first version.
    if (!seen || (version.rev ?? 0) > (seen.rev ?? 0)) latest.set(version._id, version);
  }
  const activity = new Map<string, ActivityEntry>();
  for (const text of doc.activity ?? []) {
    const entry = withDates(JSON.parse(text) as ActivityEntry);
    activity.set(entry._id, entry);
  }
  return {
    comments: [...latest.values()].filter((c) => !c.deletedAt).sort(byTime),
    activity: [...activity.values()].sort(byTime),
    children: [...new Set(doc.children ?? [])],
  };
}

/** JSON gives dates back as strings. */
function withDates<T extends { createdAt: Date; updatedAt?: Date; deletedAt?: Date | null }>(
  row: T,
): T {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    ...(row.updatedAt ? { updatedAt: new Date(row.updatedAt) } : {}),
    ...(row.deletedAt ? { deletedAt: new Date(row.deletedAt) } : {}),
  };
}
