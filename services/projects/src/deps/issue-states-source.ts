import type { IssueState } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/** The truth about a project's issues, for rebuilding the counts (the issues service owns it). */
export interface IssueStatesSource {
  statesOf(projectId: string): Promise<IssueState[]>;
}

/** issues `GET /internal/issue-states?projectId=…` → `{ data: IssueState[] }`. */
export class HttpIssueStatesSource implements IssueStatesSource {
  constructor(private readonly issues: InternalClient) {}

  async statesOf(projectId: string): Promise<IssueState[]> {
    return (
      (await this.issues.get<IssueState[]>(
        `/internal/issue-states?projectId=${encodeURIComponent(projectId)}`,
      )) ?? []
    );
  }
}
