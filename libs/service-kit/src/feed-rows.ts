import type { Connection } from 'mongoose';

/** A scope's head row: how many entries were ever added, and the counts by state. */
export interface FeedHead {
  /** Entries ever added; the next entry's seq. */
  next: number;
  live: number;
  stored: number;
}

/** A block as read: its number, the row holding it, its entries in seq order. */
export interface FeedBlock<E> {
  n: number;
  rowId: string;
  entries: E[];
}

interface HeadDoc extends FeedHead {
  _id: 'head';
}

interface BlockDoc {
  _id: string;
  /** The block's number: its entries' seq / blockSize. */
  n: number;
  /** A JSON array: FerretDB stores and decodes it as one value. */
  entries: string;
}

/**
 * The rows of one feed's scopes (see feed.ts): per scope a collection `feed.<name>.<scope>`
 * with a `head` row first, then `ring-<k>` rows for the newest `ringBlocks` blocks, then
 * `cold-<n>` rows appended as blocks leave the ring. Every row is found by `_id`: an index
 * lookup in the FerretDB the scripts build; a stock 1.24 reads the rows stored before the
 * match, which is why the head and the ring stay at the front.
 */
export class FeedRows<E> {
  constructor(
    private readonly connection: Connection,
    private readonly name: string,
    readonly blockSize: number,
    private readonly ringBlocks: number,
  ) {}

  async readHead(scope: string): Promise<FeedHead> {
    const head = (await this.collection(scope).findOne({ _id: 'head' })) as HeadDoc | null;
    return head ?? { next: 0, live: 0, stored: 0 };
  }

  /** `next` as given; the counts moved by `change` (a first write creates the head). */
  async writeHead(
    scope: string,
    next: number,
    change: { live: number; stored: number },
  ): Promise<void> {
    await this.collection(scope).updateOne(
      { _id: 'head' },
      { $set: { next }, $inc: change },
      { upsert: true },
    );
  }

  /**
   * Block n from its ring row while the ring holds it, else from its cold row — also when
   * an append moved it out since `head` was read.
   */
  async readBlock(scope: string, head: FeedHead, n: number): Promise<FeedBlock<E> | null> {
    const newest = this.blockOf(Math.max(head.next - 1, 0));
    const cold = this.coldRow(n);
    const rowIds = n > newest - this.ringBlocks ? [this.ringRow(n), cold] : [cold];
    for (const rowId of rowIds) {
      const row = (await this.collection(scope).findOne({ _id: rowId })) as BlockDoc | null;
      if (row?.n === n) return { n, rowId, entries: JSON.parse(row.entries) as E[] };
    }
    return null;
  }

  /** A new block takes its ring row; the block that held the row moves to a cold row. */
  async openBlock(scope: string, n: number): Promise<FeedBlock<E>> {
    const rowId = this.ringRow(n);
    const leaving = (await this.collection(scope).findOne({ _id: rowId })) as BlockDoc | null;
    if (leaving && leaving.n !== n)
      await this.collection(scope).updateOne(
        { _id: this.coldRow(leaving.n) },
        { $set: { n: leaving.n, entries: leaving.entries } },
        { upsert: true },
      );
    return { n, rowId, entries: [] };
  }

  async writeBlock(scope: string, block: FeedBlock<E>): Promise<void> {
    await this.collection(scope).updateOne(
      { _id: block.rowId },
      { $set: { n: block.n, entries: JSON.stringify(block.entries) } },
      { upsert: true },
    );
  }

  blockOf(seq: number): number {
    return Math.floor(seq / this.blockSize);
  }

  private collection(scope: string) {
    return this.connection.collection<HeadDoc | BlockDoc>(`feed.${this.name}.${scope}`);
  }

  ringRow(n: number): string {
    return `ring-${n % this.ringBlocks}`;
  }

  coldRow(n: number): string {
    return `cold-${n}`;
  }

  isRingRow(rowId: string): boolean {
    return rowId.startsWith('ring-');
  }
}
