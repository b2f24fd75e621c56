import type { ListIssuesQuery } from '@momentum/contracts';
import {
  collectionSnapshots,
  Feed,
  LOCAL_FEEDS_COLLECTION,
  onceForFeeds,
  type FeedEntry,
} from '@momentum/service-kit/local-engine';
import type { Connection } from 'mongoose';
import { rankOfWords, searchWordsOf } from '../domain/search-terms.js';
import type { IssueDoc } from './models.js';

/**
 * Search ranks at most this many matches, the newest, and counts no further (as GitHub's
 * search stops at 1,000 results): a search then costs what its matches cost, not what the
 * project's size does.
 */
export const SEARCH_MATCHES_MAX = 1000;

type Snapshot = Omit<IssueDoc, '_outbox' | 'searchKeys'>;

/** Snapshots of the `issues` collection: without pending events and search keys. */
const snapshots = (connection: Connection) =>
  collectionSnapshots<Snapshot>(connection, 'issues', {
    strip: (issue) => {
      const { _outbox: _o, searchKeys: _k, ...snapshot } = issue as IssueDoc;
      return snapshot;
    },
    dates: ['createdAt', 'updatedAt', 'deletedAt'],
    stateOf: (issue) => (issue.deletedAt ? 'dead' : 'live'),
    revisionOf: (issue) => issue.version,
  });

/** Issues read at once while the feeds are filled in. */
const BACKFILL_BATCH = 500;

const wordsOf = (issue: Pick<IssueDoc, 'title' | 'description'>) =>
  searchWordsOf(issue.title, issue.description);

/**
 * Each project's issues, newest first, as snapshots with their words (see service-kit
 * feed.ts), used only on the local engine (`useLocalFeeds`): there the default issue list
 * and a project's search read the head and a few blocks, whatever the number of issues,
 * where a query would read the whole collection. IssueStore refreshes an issue's snapshot
 * after each write; an entry is dead once its issue is deleted. A snapshot carries the
 * issue's `version`, so of two refreshes arriving out of order (two processes) the newer
 * stays.
 */
export class IssueFeed {
  private readonly feed: Feed<Snapshot>;

  constructor(private readonly connection: Connection) {
    this.feed = new Feed(connection, 'project', snapshots(connection));
  }

  /**
   * Issues stored before the feeds existed join them, oldest first, once per database.
   * `add` skips an issue the feed holds, so two processes starting together, or a run cut
   * short and run again, add each issue once.
   */
  backfill(): Promise<void> {
    return onceForFeeds(this.connection, 'issues', async () => {
      const cursor = this.connection
        .collection<IssueDoc>('issues')
        .find({}, { projection: { _outbox: 0, searchKeys: 0 } })
        .sort({ createdAt: 1, _id: 1 });
      let batch: Snapshot[] = [];
      for await (const issue of cursor) {
        batch.push(issue);
        if (batch.length < BACKFILL_BATCH) continue;
        await this.backfillBatch(batch);
        batch = [];
      }
      await this.backfillBatch(batch);
    });
  }

  /**
   * Starting without the feeds, they are dropped (the service's database holds only its
   * own): writes made meanwhile would be missing from them. The next start with them fills
   * them in again (`backfill`).
   */
  static async forget(connection: Connection): Promise<void> {
    await connection
      .collection(LOCAL_FEEDS_COLLECTION)
      .drop()
      .catch(() => undefined);
  }

  /** Submitted together, the adds (then the follows) of a batch are written together. */
  private async backfillBatch(issues: Snapshot[]): Promise<void> {
    await Promise.all(issues.map((issue) => this.add(issue)));
    await Promise.all(issues.map((issue) => this.follow(issue)));
  }

  /** A pending entry for a new issue, before it is stored; `follow` shows it. */
  async add(issue: Snapshot): Promise<void> {
    await this.feed.add(issue.projectId, issue._id, issue, wordsOf(issue));
  }

  /** Bulk imports (the bench's seeding, the backfill): live entries, in the order given. */
  async addMany(issues: Snapshot[]): Promise<void> {
    await this.feed.addAcross(
      issues,
      (issue) => issue.projectId,
      (issue) => ({ id: issue._id, snapshot: issue, words: wordsOf(issue) }),
    );
  }

  /** The issue as stored now: its snapshot and words, live until deleted. */
  async follow(issue: Snapshot): Promise<void> {
    await this.feed.set(issue.projectId, issue._id, {
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
