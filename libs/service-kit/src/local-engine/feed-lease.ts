import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from '../storage/documents.js';
import { backoff } from '../storage/revision.js';
import { FeedBusy, FeedLeaseLost } from './feed-errors.js';
import type { FeedHead, FeedRows, HeadDoc } from './feed-rows.js';

/** A lease as its batch holds it. */
export interface HeldLease {
  scope: string;
  token: string;
  /**
   * The head row's epoch after this acquire: it rises with every acquire, so it orders
   * holders, and the rows a batch writes carry it (FeedRows.writeFenced).
   */
  epoch: number;
  /** The head as the last batch that committed left it. */
  head: FeedHead;
  /**
   * The previous holder never released: it died or overran its lease mid-batch, and may
   * have written blocks without the head that counts them, so the counts are recounted.
   */
  tookOver: boolean;
  /** After this time (ms) the batch writes no more rows: see FeedLease. */
  deadline: number;
}

/**
 * The right to write one scope of a feed, across every process on the database: held in the
 * scope's head row, taken with one conditional findOneAndUpdate (only while no lease is
 * held or the one held has expired — MongoDB's single-document atomicity lets exactly one
 * taker win) that also returns the head, so taking it is the batch's head read. The batch
 * then writes its rows, and gives the lease back with its head write (a conditional update
 * on the lease's token) — the write that commits the batch.
 *
 * A lease lasts `leaseMs` (10 s by default) in case its holder dies; a batch is a handful of
 * reads and writes by `_id` (milliseconds), so the duration is only how long a dead holder
 * blocks its scope. A batch writes nothing after half its lease has passed (`deadline`),
 * so a holder that stalled (a long pause, a slow engine) stops before anyone can take the
 * lease over, the margin covering clock differences between processes and a write in
 * flight; should one of its writes land late anyway, fencing by epoch keeps it from
 * overwriting rows a later holder wrote, and its head write fails (FeedLeaseLost).
 */
export class FeedLease {
  constructor(
    private readonly rows: FeedRows,
    private readonly leaseMs: number,
    private readonly waitMs: number,
  ) {}

  /**
   * Takes the scope's lease, retrying with a short jittered backoff while another batch
   * holds it; FeedBusy (503) after `waitMs`. A scope's first writers race to create its
   * head (upsert): the losers meet a duplicate key and retry like any contended taker.
   */
  async acquire(scope: string): Promise<HeldLease> {
    const token = randomUUID();
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const now = Date.now();
      try {
        const before = (await this.rows.collection.findOneAndUpdate(
          {
            _id: this.rows.headRow(scope),
            $or: [{ lease: null }, { leaseUntil: { $lt: new Date(now) } }],
          },
          {
            $set: { lease: token, leaseUntil: new Date(now + this.leaseMs) },
            $inc: { epoch: 1 },
            $setOnInsert: { next: 0, live: 0, stored: 0 },
          },
          { upsert: true, returnDocument: 'before' },
        )) as HeadDoc | null;
        return {
          scope,
          token,
          epoch: (before?.epoch ?? 0) + 1,
          head: { next: before?.next ?? 0, live: before?.live ?? 0, stored: before?.stored ?? 0 },
          tookOver: !!before?.lease,
          deadline: now + this.leaseMs / 2,
        };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      if (Date.now() - started >= this.waitMs) throw new FeedBusy(this.rows.name);
      await backoff(attempt);
    }
  }

  /** Throws FeedLeaseLost when the batch is past its deadline: it must write no more. */
  check(held: HeldLease): void {
    if (Date.now() > held.deadline) throw new FeedLeaseLost(this.rows.name, 'the batch overran');
  }

  /**
   * Commits the batch: writes `head` and frees the lease in one update, made only while the
   * lease is still this batch's; FeedLeaseLost otherwise (its changes do not count).
   */
  async release(held: HeldLease, head: FeedHead): Promise<void> {
    this.check(held);
    const { matchedCount } = await this.rows.collection.updateOne(
      { _id: this.rows.headRow(held.scope), lease: held.token },
      {
        $set: {
          next: head.next,
          live: head.live,
          stored: head.stored,
          lease: null,
          leaseUntil: null,
        },
      },
    );
    if (matchedCount !== 1) throw new FeedLeaseLost(this.rows.name, 'its lease was taken over');
  }

  /**
   * Gives up a failed batch's lease at once. If it wrote rows (or took the lease over and
   * had yet to commit its recount), the lease is left expired rather than freed, so the
   * next holder takes it over and recounts (HeldLease.tookOver).
   */
  async abandon(held: HeldLease, wroteRows: boolean): Promise<void> {
    const update =
      wroteRows || held.tookOver
        ? { $set: { leaseUntil: new Date(0) } }
        : { $set: { lease: null, leaseUntil: null } };
    await this.rows.collection
      .updateOne({ _id: this.rows.headRow(held.scope), lease: held.token }, update)
      .catch(() => undefined);
  }
}
