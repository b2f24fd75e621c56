import type { Connection } from 'mongoose';
import { isDuplicateKey } from '../storage/documents.js';
import type { FeedCounts, StoredEntry } from './feed-entry.js';
import { FeedLeaseLost } from './feed-errors.js';
import { LOCAL_FEEDS_COLLECTION, scopeRowIds } from './feed-row-ids.js';

/** A scope's head: how many entries were ever added, and the counts by state. */
export interface FeedHead extends FeedCounts {
  /** Entries ever added; the next entry's seq. Entries at or past it are not in the feed. */
  next: number;
}

/** A block as read: its number, the row holding it, its entries in seq order. */
export interface FeedBlock {
  n: number;
  rowId: string;
  entries: StoredEntry[];
}

/** The head row: the head, and the lease of the batch writing the scope (feed-lease.ts). */
export interface HeadDoc extends FeedHead {
  _id: string;
  /** Rises with each lease taken: the fencing token of the rows a batch writes. */
  epoch: number;
  lease: string | null;
  leaseUntil: Date | null;
}

/** Any row of the collection; every row a batch writes carries the epoch that wrote it. */
interface RowDoc {
  _id: string;
  epoch?: number;
  /** Block rows: the block's number (its entries' seq / blockSize) and a JSON array. */
  n?: number;
  entries?: string;
  /** Location rows: the seq of the document's entry. */
  seq?: number;
}

/** A row to write: its `_id` and the fields it gets. */
export interface RowWrite {
  _id: string;
  set: Record<string, unknown>;
}

/**
 * The rows of one feed (see feed-row-ids.ts, feed.ts): per scope a head, `ring-<k>` rows
 * holding the newest `ringBlocks` blocks, `cold-<n>` rows for blocks that left the ring,
 * and a location row per entry. All are found by `_id` (an index lookup in the FerretDB
 * the scripts build, as in MongoDB). Blocks keep their entries as one JSON string, which
 * the engine stores and decodes as one value.
 */
export class FeedRows {
  constructor(
    private readonly connection: Connection,
    readonly name: string,
    readonly blockSize: number,
    readonly ringBlocks: number,
  ) {}

  get collection() {
    return this.connection.collection<RowDoc>(LOCAL_FEEDS_COLLECTION);
  }

  headRow(scope: string): string {
    return scopeRowIds(this.name, scope).head;
  }

  ringRow(scope: string, n: number): string {
    return scopeRowIds(this.name, scope).ring(n % this.ringBlocks);
  }

  coldRow(scope: string, n: number): string {
    return scopeRowIds(this.name, scope).cold(n);
  }

  locationRow(scope: string, docId: string): string {
    return scopeRowIds(this.name, scope).location(docId);
  }

  blockOf(seq: number): number {
    return Math.floor(seq / this.blockSize);
  }

  async readHead(scope: string): Promise<FeedHead> {
    const head = (await this.collection.findOne({ _id: this.headRow(scope) })) as HeadDoc | null;
    return { next: head?.next ?? 0, live: head?.live ?? 0, stored: head?.stored ?? 0 };
  }

  /**
   * Block n from its ring row while the ring holds it, else from its cold row — also when
   * an append moved it out since `head` was read, or a batch that died left a newer block
   * in its ring row.
   */
  async readBlock(scope: string, head: FeedHead, n: number): Promise<FeedBlock | null> {
    const newest = this.blockOf(Math.max(head.next - 1, 0));
    const cold = this.coldRow(scope, n);
    const rowIds = n > newest - this.ringBlocks ? [this.ringRow(scope, n), cold] : [cold];
    for (const rowId of rowIds) {
      const row = await this.collection.findOne({ _id: rowId });
      if (row?.n === n && row.entries !== undefined)
        return { n, rowId, entries: JSON.parse(row.entries) as StoredEntry[] };
    }
    return null;
  }

  /** Whatever block the ring row of block n holds now (n's or an older one), or null. */
  async readRingRow(scope: string, n: number): Promise<FeedBlock | null> {
    const rowId = this.ringRow(scope, n);
    const row = await this.collection.findOne({ _id: rowId });
    if (row?.n === undefined || row.entries === undefined) return null;
    return { n: row.n, rowId, entries: JSON.parse(row.entries) as StoredEntry[] };
  }

  /** The seq of document `docId`'s entry as its location row says, or null. */
  async readLocation(scope: string, docId: string): Promise<number | null> {
    const row = await this.collection.findOne({ _id: this.locationRow(scope, docId) });
    return row?.seq ?? null;
  }

  /**
   * Writes the rows in order, each only if no batch of a later epoch wrote it (fencing):
   * a batch that lost its lease and writes late meets a duplicate key on such a row (the
   * upsert's insert) and stops, instead of overwriting what the lease's holder wrote.
   */
  async writeFenced(rows: RowWrite[], epoch: number): Promise<void> {
    if (rows.length === 0) return;
    try {
      await this.collection.bulkWrite(
        rows.map((row) => ({
          updateOne: {
            filter: { _id: row._id, epoch: { $lte: epoch } },
            update: { $set: { ...row.set, epoch } },
            upsert: true,
          },
        })),
        { ordered: true },
      );
    } catch (err) {
      if (isDuplicateKey(err)) throw new FeedLeaseLost(this.name, 'a later batch wrote its rows');
      throw err;
    }
  }
}
