import type { IssueEventData, IssueStatus, Watcher } from '@momentum/contracts';

/**
 * The data of the event that the next write of an issue announces: its identity, its status
 * after the write, the version that write gives it (one above what was read), and what the
 * notifications service tells people from (team, title, watchers, and what `after` adds).
 */
export function nextIssueEventData(
  read: {
    _id: string;
    projectId: string;
    teamId?: string;
    identifier: string;
    title?: string;
    status: IssueStatus;
    version: number;
    watchers?: Watcher[];
  },
  after: Partial<Omit<IssueEventData, 'id' | 'projectId' | 'identifier' | 'version'>> = {},
): IssueEventData {
  const { status, changed, ...rest } = after;
  return {
    id: read._id,
    projectId: read.projectId,
    identifier: read.identifier,
    status: status ?? read.status,
    version: read.version + 1,
    ...(changed ? { changed } : {}),
    ...(read.teamId ? { teamId: read.teamId } : {}),
    ...(read.title !== undefined ? { title: read.title } : {}),
    watchers: read.watchers ?? [],
    ...rest,
  };
}
