import { EventTypes } from '@momentum/contracts';
import type { EventBus, Logger } from '@momentum/messaging';
import { issueStateOf } from '../domain/issue-event.js';
import type { ProjectsDeps } from '../deps.js';
import { applyIssueState } from '../usecases/read-projects.js';

/**
 * Feeds the issue-count read model from the issues stream. Applying a state is
 * idempotent and order-proof (highest version wins), so at-least-once is enough, and
 * every process of the service may consume from the one durable consumer: each message
 * goes to one of them, and a redelivery to another counts nothing twice. Events that
 * expired before it read them (down past the stream's retention) make every project's
 * counts rebuild from the issues service.
 */
export async function consumeIssueEvents(
  bus: EventBus,
  deps: ProjectsDeps,
  log: Logger,
  /** Events were lost to the stream's retention before they were counted. */
  rebuildAll: () => Promise<unknown>,
): Promise<void> {
  await bus.consume({
    from: 'issues',
    durable: 'projects-issue-counts',
    types: [
      EventTypes.issues.issueCreated,
      EventTypes.issues.issueUpdated,
      EventTypes.issues.issueDeleted,
    ],
    // Moves of different issues never wait for each other (see IssueStateStore).
    concurrency: 64,
    onPositionLost: rebuildAll,
    handler: async (event) => {
      const state = issueStateOf(event.data, event.type === EventTypes.issues.issueDeleted);
      if (!state) {
        log.warn(
          { eventId: event.id, type: event.type },
          'issue event without a usable state; skipped',
        );
        return;
      }
      if ((await applyIssueState(deps, state)) === 'foreign')
        log.warn(
          { eventId: event.id, issueId: state.id },
          'issue event names another project than before; skipped',
        );
    },
  });
}
