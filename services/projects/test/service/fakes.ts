import type { IssueState } from '@momentum/contracts';
import type { TeamDirectory } from '../../src/deps/team-directory.js';
import type { IssueStatesSource } from '../../src/deps/issue-states-source.js';

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

  async statesOf(projectId: string): Promise<IssueState[]> {
    return this.states.filter((s) => s.projectId === projectId);
  }
}
