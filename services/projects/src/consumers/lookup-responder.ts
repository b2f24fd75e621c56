import { RequestSubjects, type ProjectLookupReply } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { ProjectsDeps } from '../deps.js';
import { projectLookup } from '../usecases/read-projects.js';

/**
 * Answers the issues service when its project read model misses (a project created a
 * moment ago whose event it has not seen yet): `{ id }` → team and key, or null.
 */
export function answerProjectLookups(bus: EventBus, deps: ProjectsDeps): void {
  bus.respond(RequestSubjects.projectLookup, async (request): Promise<ProjectLookupReply> => {
    const id = (request as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id.length > 64) return null;
    return projectLookup(deps, id);
  });
}
