import { RequestSubjects, type ProjectLookupReply } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { ProjectStore } from '../store/project-store.js';
import { lookupView } from '../routes/views.js';

/**
 * Answers the issues service when its project read model misses (a project created a
 * moment ago whose event it has not seen yet): `{ id }` → team and key, or null.
 */
export function answerProjectLookups(bus: EventBus, store: ProjectStore): void {
  bus.respond(RequestSubjects.projectLookup, async (request): Promise<ProjectLookupReply> => {
    const id = (request as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id.length > 64) return null;
    const project = await store.findById(id);
    return project ? lookupView(project) : null;
  });
}
