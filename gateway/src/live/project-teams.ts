import { RequestSubjects, type ProjectLookupReply } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';

/**
 * The team of a project, for issue-family events (they name only the project). A project
 * never changes team, so an answer is kept (bounded, oldest dropped); a miss asks projects
 * over NATS request/reply. An unanswered lookup is null: the event reaches nobody, never
 * the wrong team.
 */
export class ProjectTeams {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly bus: Pick<EventBus, 'request'>,
    private readonly maxEntries = 20_000,
  ) {}

  async teamOf(projectId: string): Promise<string | null> {
    const hit = this.known.get(projectId);
    if (hit) return hit;
    const reply = await this.bus
      .request<ProjectLookupReply>(RequestSubjects.projectLookup, { id: projectId })
      .catch(() => null);
    if (reply?.teamId) this.remember(projectId, reply.teamId);
    return reply?.teamId ?? null;
  }

  remember(projectId: string, teamId: string): void {
    if (this.known.size >= this.maxEntries && !this.known.has(projectId)) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(projectId, teamId);
  }
}
