import { countOf, countsOf, type FeedState, type StoredEntry } from './feed-entry.js';
import type { FeedLease, HeldLease } from './feed-lease.js';
import { isRingRowId } from './feed-row-ids.js';
import type { FeedBlock, FeedHead, FeedRows, RowWrite } from './feed-rows.js';

/** Blocks read at once while recounting. */
const RECOUNT_READS = 8;

/**
 * A scope's feed rows as one batch of operations reads and changes them, holding the
 * scope's lease (feed-lease.ts) from `open` to `commit` or `abandon`: the head comes with
 * the lease, each block and location row is read at most once, and at the end every
 * changed row is written once — blocks that left the ring first, then the ring and the
 * locations, then the head, which commits the batch and frees the lease. A batch that dies
 * in between leaves entries past the stored head (not in the feed; the next append
 * overwrites them), blocks readers still find in a ring or a cold row, and blocks whose
 * states the head does not count yet, which its successor recounts.
 */
export class FeedBatch {
  private readonly blocks = new Map<number, FeedBlock>();
  private readonly changed = new Set<FeedBlock>();
  /** Seq of each document id looked up (null: none), and the ids placed by this batch. */
  private readonly located = new Map<string, number | null>();
  private readonly placed = new Set<string>();
  private wroteRows = false;
  /** The head as this batch leaves it so far. */
  readonly head: FeedHead;

  private constructor(
    private readonly rows: FeedRows,
    private readonly lease: FeedLease,
    private readonly held: HeldLease,
  ) {
    this.head = { ...held.head };
  }

  static async open(rows: FeedRows, lease: FeedLease, scope: string): Promise<FeedBatch> {
    const batch = new FeedBatch(rows, lease, await lease.acquire(scope));
    try {
      if (batch.held.tookOver) await batch.recount();
    } catch (err) {
      await batch.abandon();
      throw err;
    }
    return batch;
  }

  private get scope(): string {
    return this.held.scope;
  }

  /**
   * Block n as changed so far in this batch, else as stored; null when there is none. A
   * block past the head holds no entry of the feed, so it is not looked for (a leftover of
   * a batch that died is overwritten).
   */
  async block(n: number): Promise<FeedBlock | null> {
    const known = this.blocks.get(n);
    if (known) return known;
    if (n * this.rows.blockSize >= this.head.next) return null;
    const read = await this.rows.readBlock(this.scope, this.head, n);
    if (read) this.blocks.set(n, read);
    return read;
  }

  /**
   * A new block n in its ring row. The older block leaving that row moves to its cold row
   * with the batch's other changes (cold rows are written first).
   */
  async openBlock(n: number): Promise<FeedBlock> {
    const rowId = this.rows.ringRow(this.scope, n);
    const leaving =
      [...this.blocks.values()].find((b) => b.rowId === rowId && b.n !== n) ??
      (await this.rows.readRingRow(this.scope, n));
    // A block newer than n in the row is a leftover of a batch that died: not in the feed.
    if (leaving && leaving.n < n) {
      leaving.rowId = this.rows.coldRow(this.scope, leaving.n);
      this.blocks.set(leaving.n, leaving);
      this.changed.add(leaving);
    }
    const block = { n, rowId, entries: [] };
    this.blocks.set(n, block);
    return block;
  }

  markChanged(block: FeedBlock): void {
    this.changed.add(block);
  }

  /** The seq document `docId`'s location row gives (or this batch placed), else null. */
  async locate(docId: string): Promise<number | null> {
    if (!this.located.has(docId))
      this.located.set(docId, await this.rows.readLocation(this.scope, docId));
    return this.located.get(docId) ?? null;
  }

  /** Document `docId`'s entry in the feed and its block, or null when it has none. */
  async entryOf(docId: string): Promise<{ block: FeedBlock; entry: StoredEntry } | null> {
    const seq = await this.locate(docId);
    // A location past the head, or holding another id, is a leftover of a batch that died.
    if (seq === null || seq >= this.head.next) return null;
    const block = await this.block(this.rows.blockOf(seq));
    const entry = block?.entries[seq % this.rows.blockSize];
    return block && entry?.[0] === docId ? { block, entry } : null;
  }

  /** Reads the locations of `docIds` and the blocks they point to, side by side. */
  async preload(docIds: Iterable<string>): Promise<void> {
    const seqs = await Promise.all([...new Set(docIds)].map((id) => this.locate(id)));
    const blocks = new Set(seqs.flatMap((seq) => (seq === null ? [] : [this.rows.blockOf(seq)])));
    await Promise.all([...blocks].map((n) => this.block(n)));
  }

  /** Entry `docId` was appended at `seq`: its location row is written with the batch. */
  place(docId: string, seq: number): void {
    this.located.set(docId, seq);
    this.placed.add(docId);
  }

  /** One more entry in the feed, in `state`. */
  advance(state: FeedState): void {
    this.head.next += 1;
    this.count(undefined, state);
  }

  /** An entry went from `before` to `after`: the counts follow. */
  moved(before: FeedState, after: FeedState): void {
    this.count(before, after);
  }

  private count(before: FeedState | undefined, after: FeedState): void {
    const [was, is] = [before ? countOf(before) : { live: 0, stored: 0 }, countOf(after)];
    this.head.live += is.live - was.live;
    this.head.stored += is.stored - was.stored;
  }

  /**
   * The counts as the blocks say, after taking over from a batch that died or overran: it
   * may have written some of its blocks and not the head. Every block is read — a rare
   * event's cost, paid once by the successor.
   */
  private async recount(): Promise<void> {
    const { next } = this.head;
    const last = next === 0 ? -1 : this.rows.blockOf(next - 1);
    const total = { live: 0, stored: 0 };
    for (let from = 0; from <= last; from += RECOUNT_READS) {
      const ns = Array.from(
        { length: Math.min(RECOUNT_READS, last - from + 1) },
        (_, i) => from + i,
      );
      const blocks = await Promise.all(
        ns.map((n) => this.rows.readBlock(this.scope, this.head, n)),
      );
      blocks.forEach((block, i) => {
        const counts = countsOf(block?.entries.slice(0, next - ns[i]! * this.rows.blockSize) ?? []);
        total.live += counts.live;
        total.stored += counts.stored;
      });
    }
    Object.assign(this.head, total);
  }

  /** Writes the changed rows and the head; the head write commits and frees the lease. */
  async commit(): Promise<void> {
    const blocks = [...this.changed].map((block) => ({
      ring: isRingRowId(block.rowId),
      row: { _id: block.rowId, set: { n: block.n, entries: JSON.stringify(block.entries) } },
    }));
    const locations = [...this.placed].map((docId) => ({
      _id: this.rows.locationRow(this.scope, docId),
      set: { seq: this.located.get(docId) },
    }));
    await this.write(blocks.filter((b) => !b.ring).map((b) => b.row));
    await this.write([...blocks.filter((b) => b.ring).map((b) => b.row), ...locations]);
    await this.lease.release(this.held, this.head);
  }

  /** After a failure: frees the lease so the scope's next batch need not wait for it. */
  abandon(): Promise<void> {
    return this.lease.abandon(this.held, this.wroteRows);
  }

  private async write(rows: RowWrite[]): Promise<void> {
    if (rows.length === 0) return;
    this.lease.check(this.held);
    this.wroteRows = true;
    await this.rows.writeFenced(rows, this.held.epoch);
  }
}
