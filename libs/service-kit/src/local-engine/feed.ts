import type { Connection } from 'mongoose';
import { STATES, type FeedCounts, type FeedState, type StoredEntry } from './feed-entry.js';
import { FeedLease } from './feed-lease.js';
import { pageOf } from './feed-page.js';
import { idPart } from './feed-row-ids.js';
import { FeedRows, type FeedHead } from './feed-rows.js';
import { FeedWriter, type FeedChange, type FeedOp } from './feed-writer.js';

export type { FeedCounts, FeedState } from './feed-entry.js';
export type { FeedChange } from './feed-writer.js';

/**
 * A scope's documents (an owner's tasks, a project's issues) newest first, as snapshots —
 * so the first page of a big list costs what it costs for a small one on the local engine,
 * which filters (other than by `_id`) and sorts by reading the whole collection. A list is
 * read from rows found by `_id` (feed-rows.ts): the scope's head, then blocks of entries,
 * newest first. The rows of all feeds and scopes of a database share one collection
 * (feed-row-ids.ts). Documents carry nothing of their feeds: a location row per entry finds
 * a document's entry by its id.
 *
 * An entry is pending (added before its document is stored), live, dead (archived, deleted)
 * or void (its document was never stored). A reader meeting a pending entry asks for the
 * document: if it is stored — its request may have died before showing it — the reader shows
 * it and settles the entry; if not, the entry stays hidden, and is voided once old.
 *
 * Writes are correct with any number of processes writing one scope: each batch of a
 * scope's writes holds the scope's lease (feed-lease.ts), taken and given back by
 * single-document atomic writes of the head. Within a process, the writes that queue while
 * a batch runs form the next batch (group commit, KeyedBatches), which takes the lease,
 * reads the rows it needs once and writes them once. A crash between a document's write
 * and its feed write leaves at worst the previous snapshot until the document's next write.
 */
export interface FeedEntry<S> {
  id: string;
  seq: number;
  state: FeedState;
  snapshot: S;
  /** Words a search matches on, when the feed keeps them. */
  words: string[];
}

export interface FeedOptions<S> {
  /** Snapshot ↔ JSON-safe value (dates as strings and back). */
  toJson: (snapshot: S) => unknown;
  fromJson: (value: unknown) => S;
  /** The stored document as a snapshot, or null: settles pending entries. */
  load: (id: string) => Promise<S | null>;
  /** Whether a stored document is listed (live) or kept aside (dead). */
  stateOf: (snapshot: S) => 'live' | 'dead';
  /**
   * The document's revision, rising with each write. A change bringing a snapshot older
   * than the stored one is dropped: two writers' refreshes of one document may arrive out
   * of order, from one process or several.
   */
  revisionOf?: (snapshot: S) => number;
  blockSize?: number;
  ringBlocks?: number;
  /** How long a pending entry without its document may wait before it is voided. */
  abandonAfterMs?: number;
  /** How long a scope's lease holds if its batch dies (feed-lease.ts); 10 s by default. */
  leaseMs?: number;
  /** How long a write waits for a busy scope before it fails with 503; 5 s by default. */
  leaseWaitMs?: number;
}

export class Feed<S> {
  private readonly rows: FeedRows;
  private readonly writer: FeedWriter<S>;
  private readonly abandonAfterMs: number;
  /** Pending entries a reader of this process is settling (saves duplicate batches only). */
  private readonly settling = new Set<string>();

  /**
   * `name` keeps the feeds of one database apart (`owner`, `team`, `project`); it and the
   * scopes may not contain `|` (see feed-row-ids.ts).
   */
  constructor(
    connection: Connection,
    name: string,
    private readonly options: FeedOptions<S>,
  ) {
    const sizes = {
      blockSize: options.blockSize ?? 50,
      ringBlocks: options.ringBlocks ?? 21,
      leaseMs: options.leaseMs ?? 10_000,
      leaseWaitMs: options.leaseWaitMs ?? 5_000,
    };
    for (const [key, value] of Object.entries(sizes))
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`feed ${name}: ${key} must be a positive integer`);
    this.rows = new FeedRows(connection, idPart('name', name), sizes.blockSize, sizes.ringBlocks);
    const lease = new FeedLease(this.rows, sizes.leaseMs, sizes.leaseWaitMs);
    this.writer = new FeedWriter(this.rows, lease, options);
    this.abandonAfterMs = options.abandonAfterMs ?? 60_000;
  }

  /**
   * Adds a pending entry for document `id` after the newest: call it before storing the
   * document, then `set(scope, id, { state: 'live', … })` once it is stored. Readers hide
   * the entry until then (and show it if a crash skipped the `set`). Adding an id the
   * scope's feed already holds changes nothing (a retried create, a backfill run twice).
   */
  add(scope: string, id: string, snapshot: S, words: string[] = []): Promise<void> {
    const entry: StoredEntry = [id, 0, this.options.toJson(snapshot), words, Date.now()];
    return this.write(scope, { append: [entry], once: true });
  }

  /**
   * Adds live entries for documents new to the feed, at once (bulk imports, benchmark
   * seeding); their ids are not checked against the feed's, unlike `add`'s.
   */
  addMany(scope: string, items: { id: string; snapshot: S; words?: string[] }[]): Promise<void> {
    const now = Date.now();
    const entries = items.map((i): StoredEntry => [
      i.id,
      1,
      this.options.toJson(i.snapshot),
      i.words ?? [],
      now,
    ]);
    return this.write(scope, { append: entries, once: false });
  }

  /** `addMany` over items of several scopes; items `scopeOf` gives null for are left out. */
  async addAcross<T>(
    items: readonly T[],
    scopeOf: (item: T) => string | null,
    entryOf: (item: T) => { id: string; snapshot: S; words?: string[] },
  ): Promise<void> {
    const byScope = new Map<string, T[]>();
    for (const item of items) {
      const scope = scopeOf(item);
      if (scope === null) continue;
      const inScope = byScope.get(scope);
      if (inScope) inScope.push(item);
      else byScope.set(scope, [item]);
    }
    for (const [scope, inScope] of byScope) await this.addMany(scope, inScope.map(entryOf));
  }

  /**
   * Changes document `id`'s entry: its state (pending → live once the document is stored,
   * dead when archived or deleted), snapshot or words; the counts follow the state. Nothing
   * happens when the feed has no entry for `id`, or when the snapshot is of an older
   * revision than the entry's (`revisionOf`).
   */
  set(scope: string, id: string, change: FeedChange<S>): Promise<void> {
    return this.write(scope, { id, decide: () => change });
  }

  async counts(scope: string): Promise<FeedCounts> {
    const { live, stored } = await this.rows.readHead(scope);
    return { live, stored };
  }

  /**
   * One page of the scope's entries (see pageOf) and the scope's counts, from one read of
   * its head, so the total agrees with the page.
   */
  async page(
    scope: string,
    page: Parameters<typeof pageOf<S>>[1],
  ): Promise<{ snapshots: S[]; counts: FeedCounts }> {
    const head = await this.rows.readHead(scope);
    const snapshots = await pageOf(this.entries(scope, head), page);
    return { snapshots, counts: { live: head.live, stored: head.stored } };
  }

  /** Entries newest first, one block read at a time as pulled; hidden ones left out. */
  async *newestFirst(scope: string): AsyncGenerator<FeedEntry<S>> {
    yield* this.entries(scope, await this.rows.readHead(scope));
  }

  /**
   * The entries below `head`, newest first (entries past it belong to a batch not yet
   * committed, or one that died). A snapshot is decoded when first asked for: a page skips
   * entries and a search looks only at words.
   */
  private async *entries(scope: string, head: FeedHead): AsyncGenerator<FeedEntry<S>> {
    const { fromJson } = this.options;
    const size = this.rows.blockSize;
    for (let n = this.rows.blockOf(head.next - 1); n >= 0; n--) {
      const block = await this.rows.readBlock(scope, head, n);
      if (!block) continue;
      for (
        let index = Math.min(block.entries.length, head.next - n * size) - 1;
        index >= 0;
        index--
      ) {
        const entry = block.entries[index];
        if (!entry || entry[1] === 3) continue;
        const [id, state, snapshot, words] = entry;
        const seq = n * size + index;
        if (state === 0) {
          const stored = await this.settleOnRead(scope, entry);
          if (stored)
            yield { id, seq, state: this.options.stateOf(stored), snapshot: stored, words };
          continue;
        }
        let decoded: S | undefined;
        yield {
          id,
          seq,
          state: STATES[state]!,
          get snapshot() {
            return (decoded ??= fromJson(snapshot));
          },
          words: words ?? [],
        };
      }
    }
  }

  /**
   * A pending entry met by a reader: its document if stored. The entry is settled in the
   * background — live or dead when the document is stored, void when it is missing and the
   * entry is old — deciding again under the scope's lease, so readers in several processes
   * settling one entry settle it once.
   */
  private async settleOnRead(scope: string, entry: StoredEntry): Promise<S | null> {
    const [id, , , , addedAt] = entry;
    const stored = await this.options.load(id);
    const key = `${scope}\n${id}`;
    if ((stored || Date.now() - addedAt > this.abandonAfterMs) && !this.settling.has(key)) {
      this.settling.add(key);
      this.write(scope, {
        id,
        decide: async (current) => {
          if (current[1] !== 0) return {};
          const now = await this.options.load(id);
          if (now) return { state: this.options.stateOf(now), snapshot: now };
          return Date.now() - current[4] > this.abandonAfterMs ? { state: 'void' } : {};
        },
      })
        .catch(() => undefined)
        .finally(() => this.settling.delete(key));
    }
    return stored;
  }

  private write(scope: string, op: FeedOp<S>): Promise<void> {
    return this.writer.write(scope, op);
  }
}
