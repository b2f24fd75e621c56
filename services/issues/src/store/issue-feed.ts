import type { ListIssuesQuery } from '@momentum/contracts';
import {
  collectionSnapshots,
  Feed,
  type FeedEntry,
  type KeyedSerializer,
} from '@momentum/service-kit';
import type { Connection } from 'mongoose';
import { rankOfWords, searchWordsOf } from '../domain/search-terms.js';
import type { IssueDoc } from './models.js';

/**
 * Search ranks at most this many matches, the newest, and counts no further (as GitHub's
 * search stops at 1,000 results): a search then costs what its matches cost, not what the
 * project's size does.
 */
export const SEARCH_MATCHES_MAX = 1000;

type Snapshot = Omit<IssueDoc, '_outbox' | 'searchKeys' | 'feedSeq'>;

/** Snapshots of the `issues` collection: without events, search keys and feed position. */
const snapshots = (connection: Connection) =>
  collectionSnapshots<Snapshot>(connection, 'issues', {
    strip: (issue) => {
      const { _outbox: _o, searchKeys: _k, feedSeq: _f, ...snapshot } = issue as IssueDoc;
      return snapshot;
    },
    dates: ['createdAt', 'updatedAt', 'deletedAt'],
    stateOf: (issue) => (issue.deletedAt ? 'dead' : 'live'),
    revisionOf: (issue) => issue.version,
  });

const wordsOf = (issue: Pick<IssueDoc, 'title' | 'description'>) =>
  searchWordsOf(issue.title, issue.description);

/**
 * Each project's issues, newest first, as snapshots with their words (see service-kit
 * feed.ts): the default issue list and a project's search read the head and a few blocks,
 * whatever the number of issues. Every write of an issue refreshes its snapshot; an entry
 * is dead once its issue is deleted.
 */
export class IssueFeed {
  private readonly feed: Feed<Snapshot>;

  constructor(connection: Connection, serializer: KeyedSerializer) {
    this.feed = new Feed(connection, 'project', serializer, snapshots(connection));
  }

  /** A pending entry for a new issue, before it is stored; `follow` shows it. */
  add(issue: Snapshot): Promise<number> {
    return this.feed.add(issue.projectId, issue._id, issue, wordsOf(issue));
  }

  /** Bulk imports: live entries for issues about to be stored, in the order given. */
  async addMany(issues: Snapshot[]): Promise<number[]> {
    const seqs = await this.feed.addAcross(
      issues,
      (issue) => issue.projectId,
      (issue) => ({ id: issue._id, snapshot: issue, words: wordsOf(issue) }),
    );
    return seqs as number[];
  }

  /** The issue as stored now: its snapshot and words, live until deleted. */
  async follow(issue: IssueDoc): Promise<void> {
    if (issue.feedSeq === undefined) return;
    await this.feed.set(issue.projectId, issue.feedSeq, issue._id, {
      state: issue.deletedAt ? 'dead' : 'live',
      snapshot: issue,
      words: wordsOf(issue),
    });
  }

  /** Whether a list is the one the feed holds: one project, newest first, no filter. */
  static serves(q: ListIssuesQuery): q is ListIssuesQuery & { projectId: string } {
    return (
      !!q.projectId &&
      q.sort.field === 'createdAt' &&
      q.sort.direction === -1 &&
      !q.status?.length &&
      !q.priority?.length &&
      !q.assigneeId &&
      !q.parentId &&
      !q.labels?.length
    );
  }

  async list(q: ListIssuesQuery & { projectId: string }) {
    const { snapshots, counts } = await this.feed.page(q.projectId, {
      skip: (q.page - 1) * q.limit,
      limit: q.limit,
      wants: (entry) => entry.state === 'live',
    });
    return { rows: snapshots as IssueDoc[], total: counts.live };
  }

  /**
   * A project's search: the newest SEARCH_MATCHES_MAX issues holding any key, ranked by
   * how many keys they hold, newest first on ties.
   */
  async search(projectId: string, keys: string[], page: number, limit: number) {
    const matches: { entry: FeedEntry<Snapshot>; rank: number }[] = [];
    for await (const entry of this.feed.newestFirst(projectId)) {
      if (entry.state !== 'live') continue;
      const rank = rankOfWords(entry.words, keys);
      if (rank > 0) matches.push({ entry, rank });
      if (matches.length >= SEARCH_MATCHES_MAX) break;
    }
    // A stable sort keeps newest first among equal ranks. Only the page's snapshots are decoded.
    matches.sort((a, b) => b.rank - a.rank);
    const rows = matches.slice((page - 1) * limit, page * limit).map((m) => m.entry.snapshot);
    return { rows: rows as IssueDoc[], total: matches.length };
  }
}
