import { EventTypes } from '@momentum/contracts';
import type { EventBus, Logger } from '@momentum/messaging';
import { issueMoveOf, type IssueEventKind } from '../domain/issue-event.js';
import type { ProjectsDeps } from '../deps.js';
import { applyIssueMove } from '../usecases/read-projects.js';

const KINDS: Record<string, IssueEventKind> = {
  [EventTypes.issues.issueCreated]: 'created',
  [EventTypes.issues.issueUpdated]: 'updated',
  [EventTypes.issues.issueDeleted]: 'deleted',
};

/**
 * Feeds the issue-count read model from the issues stream. Applying a state is
 * idempotent and order-proof (highest version wins), so at-least-once is enough, and
 * every process of the service may consume from the one durable consumer: each message
 * goes to one of them, and a redelivery to another counts nothing twice. Events that
 * expired before it read them (down past the stream's retention) make every project's
 * counts rebuild from the issues service. An update that changed no status costs nothing;
 * any other move, one engine command when it comes in order (IssueStateStore).
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
      const move = issueMoveOf(KINDS[event.type]!, event.data);
      if (move === 'uncounted') return;
      if (!move) {
        log.warn(
          { eventId: event.id, type: event.type },
          'issue event without a usable state; skipped',
        );
        return;
      }
      if ((await applyIssueMove(deps, move)) === 'foreign')
        log.warn(
          { eventId: event.id, issueId: move.state.id },
          'issue event names another project than before; skipped',
        );
    },
  });
}
