import type { KeyedSerializer } from '@momentum/service-kit';
import type { ActivityEntry, CommentDoc, IssueDoc, IssuesModels } from './models.js';

/** What an issue's page shows beside the issue, as kept together in one document. */
export interface Timeline {
  comments: CommentDoc[];
  activity: ActivityEntry[];
  /** Ids of issues created under, or moved under, this one (readers check they still are). */
  children: string[];
}

interface TimelineDoc {
  _id: string;
  /** JSON strings: FerretDB stores and decodes each as one value. */
  comments: string;
  activity: string;
  children: string;
}

/** Oldest first, ids breaking ties: the order of an issue page's lists. */
export const byTime = (a: { createdAt: Date; _id: string }, b: { createdAt: Date; _id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1);

const withDates = <T extends { createdAt: Date }>(rows: T[]): T[] =>
  rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    ...('updatedAt' in r ? { updatedAt: new Date(r.updatedAt as string) } : {}),
  }));

/**
 * One document per issue with its comments, activity and sub-issue ids: the issue page
 * reads it by `_id` instead of filtering three collections, each of which FerretDB over
 * SQLite would decode whole. The comments and activity collections stay the record; every
 * write to them also lands here, one writer per issue at a time. An issue older than its
 * timeline gets one built from the collections at its first change or read.
 */
export class TimelineStore {
  constructor(
    private readonly m: IssuesModels,
    private readonly serializer: KeyedSerializer,
  ) {}

  private get collection() {
    return this.m.Issue.db.collection<TimelineDoc>('timelines');
  }

  /** A new issue's empty timeline. */
  async start(issueId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: issueId },
      { $setOnInsert: { comments: '[]', activity: '[]', children: '[]' } },
      { upsert: true },
    );
  }

  async read(issueId: string): Promise<Timeline> {
    const stored = await this.stored(issueId);
    if (stored) return stored;
    await this.change(issueId, () => undefined);
    return (await this.stored(issueId))!;
  }

  /** Applies a change to an issue's timeline as its only writer. */
  change(issueId: string, apply: (timeline: Timeline) => void): Promise<void> {
    return this.serializer.run(`timeline:${issueId}`, async () => {
      const timeline = (await this.stored(issueId)) ?? (await this.rebuild(issueId));
      apply(timeline);
      timeline.activity.sort(byTime);
      timeline.comments.sort(byTime);
      await this.collection.updateOne(
        { _id: issueId },
        {
          $set: {
            comments: JSON.stringify(timeline.comments),
            activity: JSON.stringify(timeline.activity),
            children: JSON.stringify(timeline.children),
          },
        },
        { upsert: true },
      );
    });
  }

  private async stored(issueId: string): Promise<Timeline | null> {
    const doc = await this.collection.findOne({ _id: issueId });
    if (!doc) return null;
    return {
      comments: withDates(JSON.parse(doc.comments) as CommentDoc[]),
      activity: withDates(JSON.parse(doc.activity) as ActivityEntry[]),
      children: JSON.parse(doc.children) as string[],
    };
  }

  /** From the collections, for an issue stored before timelines existed. */
  private async rebuild(issueId: string): Promise<Timeline> {
    const [comments, activity, children] = await Promise.all([
      this.m.Comment.find({ issueId }).lean<CommentDoc[]>(),
      this.m.Activity.find({ issueId }, { _outbox: 0 }).lean<ActivityEntry[]>(),
      this.m.Issue.find({ parentId: issueId }, { _id: 1 }).lean<Pick<IssueDoc, '_id'>[]>(),
    ]);
    return {
      comments: comments.sort(byTime),
      activity: activity.sort(byTime),
      children: children.map((c) => c._id),
    };
  }
}

/** A change that lists a sub-issue under its parent (once). */
export const adoptChild = (childId: string) => (t: Timeline) => {
  if (!t.children.includes(childId)) t.children.push(childId);
};

/** Adds rows to a list unless there already (a rebuilt timeline may hold them). */
export function addOnce<T extends { _id: string }>(list: T[], rows: T[]): void {
  for (const row of rows) if (!list.some((r) => r._id === row._id)) list.push(row);
}
