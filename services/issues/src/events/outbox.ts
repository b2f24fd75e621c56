import type { EventEnvelope } from '@momentum/contracts';
import type { HeldPull, OutboxRelay } from '@momentum/messaging/outbox';
import type { IssuesModels } from '../store/models.js';

/**
 * Publish right after a write what the write put in a document's outbox (the relay's
 * sweep is the fallback). Issues, comments and blockers carry their own events. A writer
 * that has the outbox as written hands it over, so the relay need not read it again.
 */
export class Outbox {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly m: IssuesModels,
  ) {}

  issue(id: string, written?: readonly EventEnvelope[]): void {
    this.relay.flush(this.m.Issue, id, written);
  }

  /**
   * An issue's events published now, their pull held to go with the write that takes the
   * activity the same write carried off the issue (one statement, OutboxRelay.flushHolding).
   */
  issueHolding(id: string, written: readonly EventEnvelope[]): HeldPull {
    return this.relay.flushHolding(this.m.Issue, id, written);
  }

  comment(id: string): void {
    this.relay.flush(this.m.Comment, id);
  }

  blocker(id: string): void {
    this.relay.flush(this.m.Blocker, id);
  }
}
