import type { FeedBlock, FeedHead, FeedRows } from './feed-rows.js';

/**
 * A scope's feed rows as one batch of operations reads and changes them (see KeyedBatches):
 * the head is read once, each block at most once, and at the end every changed block and
 * the head are written once — blocks that left the ring first, the ring, then the head, the
 * order a crash in between must see (feed.ts: an entry past the stored head is a leftover).
 */
export class FeedBatch<E> {
  private readonly blocks = new Map<number, FeedBlock<E>>();
  private readonly changed = new Set<FeedBlock<E>>();
  private readonly counted = { live: 0, stored: 0 };
  private readonly storedNext: number;

  private constructor(
    private readonly rows: FeedRows<E>,
    private readonly scope: string,
    /** The head as this batch leaves it so far. */
    readonly head: FeedHead,
  ) {
    this.storedNext = head.next;
  }

  static async open<E>(rows: FeedRows<E>, scope: string): Promise<FeedBatch<E>> {
    return new FeedBatch(rows, scope, { ...(await rows.readHead(scope)) });
  }

  /**
   * Block n as changed so far in this batch, else as stored; null when there is none. A
   * block past the head holds no entry that counts, so it is not looked for (an append's
   * leftover in it is overwritten).
   */
  async block(n: number): Promise<FeedBlock<E> | null> {
    const known = this.blocks.get(n);
    if (known) return known;
    if (n * this.rows.blockSize >= this.head.next) return null;
    const read = await this.rows.readBlock(this.scope, this.head, n);
    if (read) this.blocks.set(n, read);
    return read;
  }

  /**
   * A new block n in its ring row. The block leaving that row moves to its cold row: now,
   * if this batch has not read it, else with the batch's other changes (cold rows first).
   */
  async openBlock(n: number): Promise<FeedBlock<E>> {
    const rowId = this.rows.ringRow(n);
    const leaving = [...this.blocks.values()].find((b) => b.rowId === rowId && b.n !== n);
    const block = leaving ? { n, rowId, entries: [] } : await this.rows.openBlock(this.scope, n);
    if (leaving) {
      leaving.rowId = this.rows.coldRow(leaving.n);
      this.changed.add(leaving);
    }
    this.blocks.set(n, block);
    return block;
  }

  markChanged(block: FeedBlock<E>): void {
    this.changed.add(block);
  }

  /** Entries added: `next` moves on; `live` of them count as live and stored. */
  advance(next: number, live: number): void {
    this.head.next = next;
    this.count({ live, stored: live });
  }

  count(change: { live: number; stored: number }): void {
    this.counted.live += change.live;
    this.counted.stored += change.stored;
    this.head.live += change.live;
    this.head.stored += change.stored;
  }

  async commit(): Promise<void> {
    const blocks = [...this.changed].sort(
      (a, b) => Number(this.rows.isRingRow(a.rowId)) - Number(this.rows.isRingRow(b.rowId)),
    );
    for (const block of blocks) await this.rows.writeBlock(this.scope, block);
    const { live, stored } = this.counted;
    if (this.head.next !== this.storedNext || live || stored)
      await this.rows.writeHead(this.scope, this.head.next, { live, stored });
  }
}
