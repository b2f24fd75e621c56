import { EventTypes, type ProjectEventData } from '@momentum/contracts';
import type { EventBus, Logger } from '@momentum/messaging';
import type { IssuesDeps } from '../deps.js';
import { applyProjectEvent } from '../usecases/project-read-model.js';

const isProjectData = (d: unknown): d is ProjectEventData => {
  const p = d as Partial<ProjectEventData> | null;
  return (
    !!p &&
    typeof p.id === 'string' &&
    typeof p.teamId === 'string' &&
    typeof p.key === 'string' &&
    typeof p.name === 'string'
  );
};

/**
 * Keep the project read model (team and key per project) from project events. Applying
 * an event is idempotent and ignores events older than what is stored.
 */
export async function consumeProjectEvents(
  bus: EventBus,
  deps: Pick<IssuesDeps, 'projects'>,
  log: Logger,
): Promise<void> {
  await bus.consume({
    from: 'projects',
    durable: 'issues-project-read-model',
    types: [EventTypes.projects.projectCreated, EventTypes.projects.projectUpdated],
    handler: async (event) => {
      // A malformed event would fail forever; log it and let it go.
      if (!isProjectData(event.data))
        return log.warn(
          { eventId: event.id, type: event.type },
          'ignoring malformed project event',
        );
      const at = new Date(event.occurredAt);
      await applyProjectEvent(deps, event.data, Number.isNaN(at.getTime()) ? new Date() : at);
    },
  });
}
