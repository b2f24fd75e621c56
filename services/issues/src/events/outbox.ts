import type { OutboxRelay } from '@momentum/service-kit';
import type { IssuesModels } from '../store/models.js';

/** Publish right after a write what the write put in an outbox (the relay's sweep is the fallback). */
export class Outbox {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly m: IssuesModels,
  ) {}

  issue(id: string): void {
    this.relay.flush(this.m.Issue, id);
  }

  activity(ids: readonly string[]): void {
    for (const id of ids) this.relay.flush(this.m.Activity, id);
  }
}
