import { ISSUE_STATES_PAGE, type IssueState } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/** The truth about a project's issues, for rebuilding the counts (the issues service owns it). */
export interface IssueStatesSource {
  /**
   * The project's issues after `after` in id order, deleted ones as tombstones, at most
   * ISSUE_STATES_PAGE: fewer means the last page.
   */
  statesPage(projectId: string, after: string | undefined): Promise<IssueState[]>;
  /** The project's live issues per status, as the issues service counts them. */
  countsOf(projectId: string): Promise<Record<string, number>>;
}

/** issues `GET /internal/issue-states` and `GET /internal/issue-counts`. */
export class HttpIssueStatesSource implements IssueStatesSource {
  constructor(private readonly issues: InternalClient) {}

  async statesPage(projectId: string, after: string | undefined): Promise<IssueState[]> {
    const query = new URLSearchParams({ projectId, limit: String(ISSUE_STATES_PAGE) });
    if (after) query.set('after', after);
    return (await this.issues.get<IssueState[]>(`/internal/issue-states?${query}`)) ?? [];
  }

  async countsOf(projectId: string): Promise<Record<string, number>> {
    return (
      (await this.issues.get<Record<string, number>>(
        `/internal/issue-counts?projectId=${encodeURIComponent(projectId)}`,
      )) ?? {}
    );
  }
}
