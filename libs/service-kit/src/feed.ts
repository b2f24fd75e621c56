import type { Connection } from 'mongoose';
import { FeedBatch } from './feed-batch.js';
import { pageOf } from './feed-page.js';
import { FeedRows, type FeedHead } from './feed-rows.js';
import { KeyedBatches, type BatchOutcome } from './keyed-batches.js';
import type { KeyedSerializer } from './keyed-serializer.js';

/**
 * A scope's documents (an owner's tasks, a project's issues) newest first, as snapshots, in
 * a collection of its own — so the first page of a big list costs what it costs for a
 * small one. FerretDB 1.24 over SQLite decodes every document a filter other than `_id` or a
 * sort looks at, so a list is read from rows found by `_id` (feed-rows.ts): a head, then a
 * ring of blocks holding the newest entries, at the start of a small table (as released,
 * FerretDB found even an `_id` by reading the rows before it; see scripts/lib/ferretdb-patch.mjs).
 *
 * An entry is pending (added before its document is stored), live, dead (archived, deleted)
 * or void (its document was never stored). A reader meeting a pending entry asks for the
 * document: if it is stored — its request may have died before showing it — the reader shows
 * it and settles the entry; if not, the entry stays hidden, and is voided once old. The
 * writes of one scope run one batch at a time through the serializer (FerretDB 1.x updates
 * by read-modify-write): those that queued while a batch ran form the next, which reads the
 * head and blocks once and writes them once (group commit, KeyedBatches). A crash between a
 * document's write and its feed write leaves at worst the previous snapshot until the
 * document's next write.
 */
export type FeedState = 'pending' | 'live' | 'dead' | 'void';

export interface FeedEntry<S> {
  id: string;
  seq: number;
  state: FeedState;
  snapshot: S;
  /** Words a search matches on, when the feed keeps them. */
  words: string[];
}

export interface FeedCounts {
  /** Live entries. */
  live: number;
  /** Live and dead entries: everything stored. */
  stored: number;
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
   * than the stored one is dropped: writers refresh the feed after their document's turn,
   * so two refreshes of one document may arrive out of order.
   */
  revisionOf?: (snapshot: S) => number;
  blockSize?: number;
  ringBlocks?: number;
  /** How long a pending entry without its document may wait before it is voided. */
  abandonAfterMs?: number;
}

/** [id, state, snapshot, words, added at (ms)] — short, because a block holds many. */
type StoredEntry = [string, 0 | 1 | 2 | 3, unknown, string[], number];
const STATES: FeedState[] = ['pending', 'live', 'dead', 'void'];
const stateCode = (state: FeedState) => STATES.indexOf(state) as StoredEntry[1];
/** A pending entry this old whose document is missing was a create that never finished. */
const ABANDONED_MS_DEFAULT = 60_000;

type Change<S> = { state?: 'live' | 'dead' | 'void'; snapshot?: S; words?: string[] };

/** What a batch of a scope's writes is made of (see KeyedBatches). */
type FeedOp<S> =
  | { append: StoredEntry[] }
  | { seq: number; id: string; decide: (entry: StoredEntry) => Change<S> | Promise<Change<S>> };

export class Feed<S> {
  private readonly rows: FeedRows<StoredEntry>;
  private readonly batches: KeyedBatches<FeedOp<S>, number[]>;
  private readonly abandonAfterMs: number;
  /** Pending entries a reader is settling, so each is settled once at a time. */
  private readonly settling = new Set<string>();

  /** `name` keeps feeds of one database apart (`owner`, `team`, `project`). */
  constructor(
    connection: Connection,
    name: string,
    serializer: KeyedSerializer,
    private readonly options: FeedOptions<S>,
  ) {
    const sizes = { blockSize: options.blockSize ?? 50, ringBlocks: options.ringBlocks ?? 21 };
    for (const [key, value] of Object.entries(sizes))
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`feed ${name}: ${key} must be a positive integer`);
    this.rows = new FeedRows(connection, name, sizes.blockSize, sizes.ringBlocks);
    this.abandonAfterMs = options.abandonAfterMs ?? ABANDONED_MS_DEFAULT;
    this.batches = new KeyedBatches(serializer, `feed:${name}`, (scope, ops) =>
      this.apply(scope, ops),
    );
  }

  /** Adds a pending entry after the newest; resolves with its seq (keep it on the document). */
  async add(scope: string, id: string, snapshot: S, words: string[] = []): Promise<number> {
    const entry: StoredEntry = [id, 0, this.options.toJson(snapshot), words, Date.now()];
    const [seq] = await this.write(scope, { append: [entry] });
    return seq!;
  }

  /** Adds live entries at once (bulk imports); resolves with their seqs in order. */
  addMany(
    scope: string,
    items: { id: string; snapshot: S; words?: string[] }[],
  ): Promise<number[]> {
    return this.write(scope, {
      append: items.map((i) => [
        i.id,
        1,
        this.options.toJson(i.snapshot),
        i.words ?? [],
        Date.now(),
      ]),
    });
  }

  /**
   * `addMany` over items of several scopes (bulk imports); resolves with each item's seq,
   * or null for items `scopeOf` leaves out.
   */
  async addAcross<T>(
    items: readonly T[],
    scopeOf: (item: T) => string | null,
    entryOf: (item: T) => { id: string; snapshot: S; words?: string[] },
  ): Promise<(number | null)[]> {
    const seqs: (number | null)[] = items.map(() => null);
    const byScope = new Map<string, number[]>();
    items.forEach((item, i) => {
      const scope = scopeOf(item);
      if (scope !== null) byScope.set(scope, [...(byScope.get(scope) ?? []), i]);
    });
    for (const [scope, at] of byScope) {
      const added = await this.addMany(
        scope,
        at.map((i) => entryOf(items[i]!)),
      );
      at.forEach((i, k) => (seqs[i] = added[k]!));
    }
    return seqs;
  }

  /**
   * Changes an entry: its state (pending → live once the document is stored), snapshot or
   * words; counts follow the state. Nothing happens when the seq holds another id.
   */
  async set(scope: string, seq: number, id: string, change: Change<S>): Promise<void> {
    await this.write(scope, { seq, id, decide: () => change });
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
   * The entries below `head`, newest first. A snapshot is decoded when first asked for:
   * a page skips entries and a search looks only at words.
   */
  private async *entries(scope: string, head: FeedHead): AsyncGenerator<FeedEntry<S>> {
    const { fromJson } = this.options;
    for (let n = this.rows.blockOf(head.next - 1); n >= 0; n--) {
      const block = await this.rows.readBlock(scope, head, n);
      if (!block) continue;
      for (let index = block.entries.length - 1; index >= 0; index--) {
        const entry = block.entries[index];
        if (!entry || entry[1] === 3) continue;
        const [id, state, snapshot, words] = entry;
        const seq = n * this.rows.blockSize + index;
        if (state === 0) {
          const stored = await this.settleOnRead(scope, seq, entry);
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

  /** A pending entry met by a reader: its document if stored; settled in the background. */
  private async settleOnRead(scope: string, seq: number, entry: StoredEntry) {
    const [id, , , , addedAt] = entry;
    const stored = await this.options.load(id);
    const key = `${scope}:${seq}`;
    if ((stored || Date.now() - addedAt > this.abandonAfterMs) && !this.settling.has(key)) {
      this.settling.add(key);
      void this.write(scope, {
        seq,
        id,
        decide: async (current) => {
          if (current[1] !== 0) return {};
          const now = await this.options.load(id);
          if (now) return { state: this.options.stateOf(now), snapshot: now };
          return Date.now() - addedAt > this.abandonAfterMs ? { state: 'void' as const } : {};
        },
      })
        .catch(() => undefined)
        .finally(() => this.settling.delete(key));
    }
    return stored;
  }

  /**
   * A scope's writes, one batch at a time: those that queued while the previous batch ran
   * are applied together, reading the head and each block once and writing them once.
   */
  private write(scope: string, op: FeedOp<S>): Promise<number[]> {
    return this.batches.submit(scope, op);
  }

  private async apply(scope: string, ops: FeedOp<S>[]): Promise<BatchOutcome<number[]>[]> {
    const batch = await FeedBatch.open(this.rows, scope);
    const outcomes: BatchOutcome<number[]>[] = [];
    for (const op of ops) {
      try {
        outcomes.push({
          value:
            'append' in op ? await this.append(batch, op.append) : await this.change(batch, op),
        });
      } catch (error) {
        outcomes.push({ error });
      }
    }
    await batch.commit();
    return outcomes;
  }

  /** Reads an entry, applies what `decide` returns, counts the change of state. */
  private async change(
    batch: FeedBatch<StoredEntry>,
    op: Extract<FeedOp<S>, { seq: number }>,
  ): Promise<number[]> {
    if (op.seq >= batch.head.next) return [];
    const block = await batch.block(this.rows.blockOf(op.seq));
    const entry = block?.entries[op.seq % this.rows.blockSize];
    if (!block || !entry || entry[0] !== op.id) return [];
    const change = await op.decide(entry);
    if (!change.state && change.snapshot === undefined && !change.words) return [];
    if (change.snapshot !== undefined && this.isOlder(change.snapshot, entry[2])) return [];
    const before = STATES[entry[1]]!;
    if (change.state) entry[1] = stateCode(change.state);
    if (change.snapshot !== undefined) entry[2] = this.options.toJson(change.snapshot);
    if (change.words) entry[3] = change.words;
    batch.markChanged(block);
    const after = STATES[entry[1]]!;
    const counted = (state: FeedState) => Number(state === 'live' || state === 'dead');
    if (before !== after)
      batch.count({
        live: Number(after === 'live') - Number(before === 'live'),
        stored: counted(after) - counted(before),
      });
    return [];
  }

  /** Whether `snapshot` is of an earlier revision than the stored one (JSON). */
  private isOlder(snapshot: S, stored: unknown): boolean {
    const revisionOf = this.options.revisionOf;
    return !!revisionOf && revisionOf(snapshot) < revisionOf(this.options.fromJson(stored));
  }

  /** Appends after the newest entry, filling the newest block, rotating the ring as needed. */
  private async append(batch: FeedBatch<StoredEntry>, items: StoredEntry[]): Promise<number[]> {
    const seqs: number[] = [];
    for (const item of items) {
      const seq = batch.head.next + seqs.length;
      const n = this.rows.blockOf(seq);
      const block = (await batch.block(n)) ?? (await batch.openBlock(n));
      // An entry past the stored head is a leftover of a crashed append: overwrite it.
      block.entries.length = seq % this.rows.blockSize;
      block.entries.push(item);
      batch.markChanged(block);
      seqs.push(seq);
    }
    batch.advance(batch.head.next + items.length, items.filter((i) => i[1] === 1).length);
    return seqs;
  }
}
