import type { mongo } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';

interface Pull {
  id: string;
  events: EventEnvelope[];
  settle: (err?: unknown) => void;
}

/**
 * Takes published entries off their documents, several documents a command: while one
 * command is out, the pulls asked for meanwhile wait and go out together as the next, one
 * `update` with a statement per document. Alone, a pull goes at once; under a burst of
 * writes, one engine command (and one driver round) serves many. Each statement is the
 * `$pullAll` of that document's entries as read, so a batch changes nothing a pull alone
 * would not; a failed batch fails each of its pulls (their flushes leave it to the sweep,
 * which pulls again: a `$pullAll` of entries already gone is a no-op).
 */
export class OutboxPulls {
  private queued: Pull[] = [];
  private sending = false;

  constructor(
    private readonly collection: mongo.Collection<{ _id: string }>,
    private readonly field: string,
    private readonly maxBatch = 100,
  ) {}

  pull(id: string, events: EventEnvelope[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ id, events, settle: (err) => (err ? reject(err) : resolve()) });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.queued.length) {
      const batch = this.queued.splice(0, this.maxBatch);
      try {
        if (batch.length === 1) {
          const [one] = batch as [Pull];
          await this.collection.updateOne({ _id: one.id }, this.update(one));
        } else {
          await this.collection.bulkWrite(
            batch.map((p) => ({ updateOne: { filter: { _id: p.id }, update: this.update(p) } })),
            { ordered: false },
          );
        }
        for (const p of batch) p.settle();
      } catch (err) {
        for (const p of batch) p.settle(err);
      }
    }
    this.sending = false;
  }

  private update(p: Pull) {
    return { $pullAll: { [this.field]: p.events } };
  }
}
