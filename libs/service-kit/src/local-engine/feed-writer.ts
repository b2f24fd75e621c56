import { FeedBatch } from './feed-batch.js';
import { STATES, stateCode, type StoredEntry } from './feed-entry.js';
import type { FeedLease } from './feed-lease.js';
import type { FeedRows } from './feed-rows.js';
import type { FeedOptions } from './feed.js';
import { KeyedBatches, type BatchOutcome } from './keyed-batches.js';

/** A change of a document's entry; what it leaves out stays. */
export interface FeedChange<S> {
  state?: 'live' | 'dead' | 'void';
  snapshot?: S;
  words?: string[];
}

/** What a feed write is made of: entries to append, or a change of a document's entry. */
export type FeedOp<S> =
  /** `once`: an id the feed already holds is not appended again. */
  | { append: StoredEntry[]; once: boolean }
  | { id: string; decide: (entry: StoredEntry) => FeedChange<S> | Promise<FeedChange<S>> };

const DONE: BatchOutcome<void> = { value: undefined };

/**
 * A feed's writes: per scope, batches of operations (KeyedBatches groups those that queue in
 * this process), each applied under the scope's lease (feed-lease.ts) through a FeedBatch.
 */
export class FeedWriter<S> {
  private readonly batches: KeyedBatches<FeedOp<S>, void>;

  constructor(
    private readonly rows: FeedRows,
    private readonly lease: FeedLease,
    private readonly options: Pick<FeedOptions<S>, 'toJson' | 'fromJson' | 'revisionOf'>,
  ) {
    this.batches = new KeyedBatches((scope, ops) => this.apply(scope, ops));
  }

  write(scope: string, op: FeedOp<S>): Promise<void> {
    return this.batches.submit(scope, op);
  }

  /**
   * One batch of a scope's writes under its lease. A failing `decide` fails its operation
   * only; anything else (the engine) fails the batch: its head is not written, so none of
   * its changes count, and the lease is left for the next batch to take over (and recount).
   */
  private async apply(scope: string, ops: FeedOp<S>[]): Promise<BatchOutcome<void>[]> {
    const batch = await FeedBatch.open(this.rows, this.lease, scope);
    try {
      await batch.preload(
        ops.flatMap((op) =>
          'id' in op ? [op.id] : op.once ? op.append.map((entry) => entry[0]) : [],
        ),
      );
      const outcomes: BatchOutcome<void>[] = [];
      for (const op of ops)
        outcomes.push('id' in op ? await this.change(batch, op) : await this.append(batch, op));
      await batch.commit();
      return outcomes;
    } catch (err) {
      await batch.abandon();
      throw err;
    }
  }

  /** Applies what `decide` returns to the document's entry; counts the change of state. */
  private async change(
    batch: FeedBatch,
    op: Extract<FeedOp<S>, { id: string }>,
  ): Promise<BatchOutcome<void>> {
    const found = await batch.entryOf(op.id);
    if (!found) return DONE;
    const { block, entry } = found;
    let change: FeedChange<S>;
    try {
      change = await op.decide(entry);
    } catch (error) {
      return { error };
    }
    if (!change.state && change.snapshot === undefined && !change.words) return DONE;
    if (change.snapshot !== undefined && this.isOlder(change.snapshot, entry[2])) return DONE;
    const before = STATES[entry[1]]!;
    if (change.state) entry[1] = stateCode(change.state);
    if (change.snapshot !== undefined) entry[2] = this.options.toJson(change.snapshot);
    if (change.words) entry[3] = change.words;
    batch.markChanged(block);
    batch.moved(before, STATES[entry[1]]!);
    return DONE;
  }

  /** Whether `snapshot` is of an earlier revision than the stored one (JSON). */
  private isOlder(snapshot: S, stored: unknown): boolean {
    const revisionOf = this.options.revisionOf;
    return !!revisionOf && revisionOf(snapshot) < revisionOf(this.options.fromJson(stored));
  }

  /** Appends after the newest entry, filling the newest block, rotating the ring as needed. */
  private async append(
    batch: FeedBatch,
    op: Extract<FeedOp<S>, { append: StoredEntry[] }>,
  ): Promise<BatchOutcome<void>> {
    for (const item of op.append) {
      if (op.once && (await batch.entryOf(item[0]))) continue;
      const seq = batch.head.next;
      const n = this.rows.blockOf(seq);
      const block = (await batch.block(n)) ?? (await batch.openBlock(n));
      // An entry at or past the stored head is a leftover of a batch that died: overwrite it.
      block.entries.length = seq % this.rows.blockSize;
      block.entries.push(item);
      batch.markChanged(block);
      batch.place(item[0], seq);
      batch.advance(STATES[item[1]]!);
    }
    return DONE;
  }
}
