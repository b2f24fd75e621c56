import { RequestSubjects, type ProjectLookupReply } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { ProjectTeamStore } from '../store/project-team-store.js';

/** The team of a project, for events that name only the project (issues, comments, blockers). */
export interface ProjectTeamSource {
  teamOf(projectId: string): Promise<string | null>;
  remember(projectId: string, teamId: string): Promise<void>;
}

/**
 * Project events teach it (the projects stream is consumed anyway); an issue event can
 * still come first (two streams, no order between them), so a miss asks the projects
 * service over NATS request/reply as the issues service does. A project never changes
 * team, so what is learnt is kept: in memory, and in `project_teams` across restarts.
 * A failed lookup throws: the event is retried later instead of being dropped.
 */
export class ProjectTeams implements ProjectTeamSource {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly store: ProjectTeamStore,
    private readonly bus: EventBus,
    private readonly maxEntries = 50_000,
  ) {}

  async teamOf(projectId: string): Promise<string | null> {
    const hit = this.known.get(projectId) ?? (await this.store.teamOf(projectId));
    if (hit) return this.keep(projectId, hit);
    const reply = await this.bus.request<ProjectLookupReply>(RequestSubjects.projectLookup, {
      id: projectId,
    });
    if (!reply?.teamId) return null;
    await this.remember(projectId, reply.teamId);
    return reply.teamId;
  }

  async remember(projectId: string, teamId: string): Promise<void> {
    if (this.known.get(projectId) === teamId) return;
    await this.store.remember(projectId, teamId);
    this.keep(projectId, teamId);
  }

  private keep(projectId: string, teamId: string): string {
    if (this.known.size >= this.maxEntries && !this.known.has(projectId)) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(projectId, teamId);
    return teamId;
  }
}
