import { ISSUE_STATES_PAGE, type IssueState } from '@momentum/contracts';
import type { TeamDirectory } from '../../src/clients/team-directory.js';
import type { IssueStatesSource } from '../../src/clients/issue-states-source.js';

/** In-memory stand-ins for identity and issues, so service tests need no other process. */
export class FakeTeamDirectory implements TeamDirectory {
  private readonly members = new Map<string, Set<string>>();

  add(teamId: string, ...userIds: string[]): this {
    const set = this.members.get(teamId) ?? new Set<string>();
    for (const id of userIds) set.add(id);
    this.members.set(teamId, set);
    return this;
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    return this.members.get(teamId)?.has(userId) ?? false;
  }
}

export class FakeIssueStates implements IssueStatesSource {
  states: IssueState[] = [];
  /** The pages asked for, as `after` (a rebuild reads in pages). */
  pagesRead: Array<string | undefined> = [];

  async statesPage(projectId: string, after: string | undefined): Promise<IssueState[]> {
    this.pagesRead.push(after);
    return this.states
      .filter((s) => s.projectId === projectId && (after === undefined || s.id > after))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, ISSUE_STATES_PAGE);
  }

  async countsOf(projectId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const s of this.states)
      if (s.projectId === projectId && !s.deleted) counts[s.status] = (counts[s.status] ?? 0) + 1;
    return counts;
  }
}
