import {
  AppError,
  forbidden,
  notFound,
  RequestSubjects,
  type ProjectEventData,
  type ProjectLookupReply,
  type Scope,
} from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { ProjectDoc } from '../store/models.js';
import type { ProjectStore } from '../store/project-store.js';

/**
 * Projects as the issues service knows them: the local read model, and on a miss a direct
 * question to the projects service, so an issue can be created in a project whose event
 * has not arrived yet.
 */
export class Projects {
  constructor(
    private readonly store: ProjectStore,
    private readonly bus: EventBus,
  ) {}

  async find(id: string): Promise<ProjectDoc | null> {
    const local = await this.store.find(id);
    if (local) return local;
    let reply: ProjectLookupReply;
    try {
      reply = await this.bus.request<ProjectLookupReply>(RequestSubjects.projectLookup, { id });
    } catch {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The projects service did not answer; try again shortly',
        undefined,
        { 'retry-after': '1' },
      );
    }
    return reply && typeof reply.teamId === 'string' && typeof reply.key === 'string'
      ? this.store.applyLookup(reply)
      : null;
  }

  /** The project if the scope may use it: unknown → 404, another team's → 403. */
  /** A project event applied to the local read model (idempotent; older events ignored). */
  remember(data: ProjectEventData, occurredAt: Date): Promise<void> {
    return this.store.applyEvent(data, occurredAt);
  }

  async accessible(scope: Scope, id: string): Promise<ProjectDoc> {
    const project = await this.find(id);
    if (!project) throw notFound('Project');
    if (!scope.teamIds.includes(project.teamId))
      throw forbidden('You do not have access to this project');
    return project;
  }
}
