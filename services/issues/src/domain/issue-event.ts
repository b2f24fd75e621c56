import type { IssueEventData, IssueStatus } from '@momentum/contracts';

/**
 * The data of the event that the next write of an issue announces: its identity, its status
 * after the write, and the version that write gives it (one above what was read).
 */
export function nextIssueEventData(
  read: {
    _id: string;
    projectId: string;
    identifier: string;
    status: IssueStatus;
    version: number;
  },
  after: Partial<Pick<IssueEventData, 'status' | 'changed'>> = {},
): IssueEventData {
  return {
    id: read._id,
    projectId: read.projectId,
    identifier: read.identifier,
    status: after.status ?? read.status,
    version: read.version + 1,
    ...(after.changed ? { changed: after.changed } : {}),
  };
}
