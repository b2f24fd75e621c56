import {
  TOTAL_COUNTED_MAX,
  type IssueSortField,
  type ListPosition,
  type ListIssuesQuery,
  type Scope,
} from '@momentum/contracts';
import { readListPage } from '@momentum/storage';
import type { FilterQuery, PipelineStage, SortOrder } from 'mongoose';
import type { IssueDoc, IssuesModels } from './models.js';
import { listProjection } from './issue-store.js';

/**
 * Search ranks at most this many matches, the newest, and counts no further (as GitHub's
 * search stops at 1,000 results): a search then costs what its matches cost, not what the
 * project's size does.
 */
export const SEARCH_MATCHES_MAX = 1000;

/** API sort names → stored fields (ranks and folded titles sort as people expect). */
const sortFields: Record<IssueSortField, keyof IssueDoc> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  priority: 'priorityRank',
  status: 'statusRank',
  dueDate: 'dueDate',
  identifier: 'number',
  sortOrder: 'sortOrder',
  title: 'titleSort',
};

export interface Page<T> {
  rows: T[];
  total: number;
  /** Where the next page starts (`meta.nextCursor`); lists only, null on the last page. */
  nextCursor?: string | null;
}

/**
 * Issue lists and search. Queries are served by the indexes models.ts declares (equality
 * fields, then the sort, `_id` breaking ties).
 */
export class IssueLists {
  constructor(private readonly m: IssuesModels) {}

  /**
   * A page by `page` or after a cursor (ranges on the list's index, however deep), one more
   * read than shown to know whether another follows, and the total counted up to the cap.
   */
  async list(scope: Scope, q: ListIssuesQuery, after?: ListPosition): Promise<Page<IssueDoc>> {
    const filter = listFilter(scope, q);
    const sort = listSort(q);
    const field = sortFields[q.sort.field];
    const read = (where: FilterQuery<IssueDoc>, skip: number, limit: number) =>
      this.m.Issue.find({ ...filter, ...where }, listProjection)
        .sort(sort)
        .skip(skip)
        .limit(limit)
        .lean<IssueDoc[]>();
    const [{ rows, nextCursor }, total] = await Promise.all([
      readListPage({ ...q, after, field }, read),
      // Counted no further than the reply shows (PageMeta.totalCapped).
      this.m.Issue.countDocuments(filter, { limit: TOTAL_COUNTED_MAX + 1 }),
    ]);
    return { rows, total, nextCursor };
  }

  /**
   * Issues holding any of the keys, ranked by how many they hold, newest first on ties;
   * the newest SEARCH_MATCHES_MAX matches are ranked and counted. The multikey index of
   * search keys with the team or project narrows the matches.
   */
  async search(
    scope: Scope,
    keys: string[],
    projectId: string | undefined,
    page: number,
    limit: number,
  ): Promise<Page<IssueDoc>> {
    const match: FilterQuery<IssueDoc> = {
      searchKeys: { $in: keys },
      teamId: { $in: [...scope.teamIds] },
      ...(projectId ? { projectId } : {}),
      deletedAt: null,
    };
    if (keys.length === 1) return searchOneKeyPage(this.m, match, page, limit);
    const pipeline: PipelineStage[] = [
      { $match: match },
      { $sort: { _id: -1 } },
      { $limit: SEARCH_MATCHES_MAX },
      { $project: { searchKeys: 1 } },
      { $unwind: '$searchKeys' },
      { $match: { searchKeys: { $in: keys } } },
      { $group: { _id: '$_id', score: { $sum: 1 } } },
      { $sort: { score: -1, _id: -1 } },
      { $skip: (page - 1) * limit },
      { $limit: limit },
    ];
    const [ranked, total] = await Promise.all([
      this.m.Issue.aggregate<{ _id: string; score: number }>(pipeline),
      // Counted no further than it is shown (below).
      this.m.Issue.countDocuments(match, { limit: SEARCH_MATCHES_MAX }),
    ]);
    // One page at most, read by `_id` and put back in rank order.
    const docs = await this.m.Issue.find(
      { _id: { $in: ranked.map((r) => r._id) } },
      listProjection,
    ).lean<IssueDoc[]>();
    const byId = new Map(docs.map((d) => [d._id, d]));
    return {
      rows: ranked.flatMap((r) => byId.get(r._id) ?? []),
      total: Math.min(total, SEARCH_MATCHES_MAX),
    };
  }
}

/**
 * One key: every match holds it once, so the ranking is the newest first, and the page is
 * the index's walk from the newest match, as far as the page (no pipeline over 1,000 rows).
 * The same answer as the ranking's, within the same newest SEARCH_MATCHES_MAX.
 */
async function searchOneKeyPage(
  m: IssuesModels,
  match: FilterQuery<IssueDoc>,
  page: number,
  limit: number,
): Promise<Page<IssueDoc>> {
  const skip = (page - 1) * limit;
  const [rows, total] = await Promise.all([
    skip >= SEARCH_MATCHES_MAX
      ? []
      : m.Issue.find(match, listProjection)
          .sort({ _id: -1 })
          .skip(skip)
          .limit(Math.min(limit, SEARCH_MATCHES_MAX - skip))
          .lean<IssueDoc[]>(),
    m.Issue.countDocuments(match, { limit: SEARCH_MATCHES_MAX }),
  ]);
  return { rows, total: Math.min(total, SEARCH_MATCHES_MAX) };
}

/** A list's order: the sort asked for, then `_id` the same way, so pages never overlap. */
export function listSort(q: Pick<ListIssuesQuery, 'sort'>): Record<string, SortOrder> {
  return { [sortFields[q.sort.field]]: q.sort.direction, _id: q.sort.direction };
}

export function listFilter(scope: Scope, q: ListIssuesQuery): FilterQuery<IssueDoc> {
  const filter: FilterQuery<IssueDoc> = { teamId: { $in: [...scope.teamIds] }, deletedAt: null };
  if (q.projectId) filter.projectId = q.projectId;
  if (q.status?.length) filter.status = { $in: q.status };
  if (q.priority?.length) filter.priority = { $in: q.priority };
  if (q.assigneeId) filter.assigneeId = q.assigneeId === 'none' ? null : q.assigneeId;
  if (q.parentId) filter.parentId = q.parentId === 'none' ? null : q.parentId;
  if (q.labels?.length) filter.labels = { $all: q.labels };
  return filter;
}
