import type { mongo } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';

/** A second write of the document that goes with its pull while `filter` still matches. */
export interface JoinedWrite {
  filter: Record<string, unknown>;
  update: Record<string, unknown>;
}

interface Pull {
  id: string;
  events: EventEnvelope[];
  joined?: JoinedWrite | undefined;
  /** Whether the statement matched (a joined write's filter held), or why it failed. */
  settle: (matched: boolean, err?: unknown) => void;
}

/**
 * Takes published entries off their documents, several documents a command: the pulls
 * asked for in one turn of the event loop go out together at its end (the publishes of one
 * window are acknowledged together, so their pulls are asked for in the same turn), and
 * while one command is out, the pulls asked for meanwhile wait and go out together as the
 * next: one `update` with a statement per document. Under a burst of writes, one engine
 * command (and one driver round) serves many; a lone pull waits one turn. Each statement is the
 * `$pull` of that document's entries as read, by event id (`{id: {$in: ids}}`: exactly those,
 * never one written since), so a batch changes nothing a pull alone would not; a failed batch
 * fails each of its pulls (their flushes leave it to the sweep, which pulls again: a pull of
 * entries already gone is a no-op).
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
    return this.enqueue(id, events).then(() => undefined);
  }

  /**
   * The pull with a write of the writer's, in one statement that applies only while the
   * write's filter matches: true when it applied. False when it did not (the pull did not
   * happen either), and also when a batch it went in matched fewer statements than it held
   * (a batch's reply counts, it does not say which): the caller then pulls alone and makes
   * its write its own way, both no-ops where this statement did apply.
   */
  pullJoined(id: string, events: EventEnvelope[], joined: JoinedWrite): Promise<boolean> {
    return this.enqueue(id, events, joined);
  }

  private enqueue(id: string, events: EventEnvelope[], joined?: JoinedWrite): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queued.push({
        id,
        events,
        joined,
        settle: (matched, err) => (err ? reject(err) : resolve(matched)),
      });
      if (this.sending) return;
      this.sending = true;
      setImmediate(() => void this.send());
    });
  }

  private async send(): Promise<void> {
    while (this.queued.length) {
      const batch = this.queued.splice(0, this.maxBatch);
      try {
        if (batch.length === 1) {
          const [one] = batch as [Pull];
          const { filter, update } = this.statement(one);
          const written = await this.collection.updateOne(filter, update);
          one.settle(written.matchedCount === 1);
        } else {
          const written = await this.collection.bulkWrite(
            batch.map((p) => ({ updateOne: this.statement(p) })),
            { ordered: false },
          );
          const every = written.matchedCount === batch.length;
          // A plain pull is done either way (its document, if it is still there, matched).
          for (const p of batch) p.settle(every || !p.joined);
        }
      } catch (err) {
        for (const p of batch) p.settle(false, err);
      }
    }
    this.sending = false;
  }

  private statement(p: Pull): {
    filter: mongo.Filter<{ _id: string }>;
    update: mongo.UpdateFilter<{ _id: string }>;
  } {
    const pull = { $pull: { [this.field]: { id: { $in: p.events.map((e) => e.id) } } } };
    // Field names chosen by the callers: the driver's types cannot follow them. A joined
    // write's own `$pull` (other lists) goes with this one.
    const joinedPulls = p.joined?.update.$pull as Record<string, unknown> | undefined;
    return p.joined
      ? {
          filter: { ...p.joined.filter, _id: p.id },
          update: {
            ...p.joined.update,
            $pull: { ...joinedPulls, ...pull.$pull },
          } as mongo.UpdateFilter<{ _id: string }>,
        }
      : { filter: { _id: p.id }, update: pull as mongo.UpdateFilter<{ _id: string }> };
  }
}
