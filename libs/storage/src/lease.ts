import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { AppError } from '@momentum/contracts';
import { isDuplicateKey } from './documents.js';
import { backoff } from './revision.js';

/**
 * Locks that hold across processes, fenced. A lease is a document in `leases` (its `_id`
 * the thing locked) that is never deleted: a holder, a `token` raised by one on every take,
 * and `takenAt`, stamped by the engine (`$currentDate`). Expiry is judged by the engine's
 * clock alone (its `hello` time against `takenAt`), never by the taker's: a process whose
 * clock runs ahead cannot take a lease early.
 *
 * A holder can be paused (GC, a stopped VM, a slow engine) past its lease and then write
 * after someone else took the lease over. So the work's writes are fenced: `fence.check()`
 * before a write refuses to write once the lease is no longer this holder's, and the
 * release is a conditional update on the holder's token. A release that finds the token
 * changed means the lease was taken over while the work ran: the work's writes are undone
 * (the undos it registered with `fence.wrote`) and the caller gets 503 with Retry-After.
 * Whoever took over either saw those writes (they came before its take) or they are undone.
 *
 * Taking several keys (a rule spanning several projects) takes them in sorted order, so two
 * takers of overlapping sets cannot each hold what the other waits for.
 */
interface LeaseDoc {
  _id: string;
  holder: string | null;
  token: number;
  takenAt: Date;
}

export interface LeaseOptions {
  /** How long a lease holds if its holder never releases it. */
  durationMs?: number;
  /** How long a taker waits for a busy lease before the caller is told to retry (503). */
  waitMs?: number;
}

/** What a holder's work uses to keep its writes inside its leases. */
export interface Fence {
  /** The tokens of the leases held, by key. */
  readonly tokens: ReadonlyMap<string, number>;
  /** Throws (503) when any lease is no longer this holder's or has expired on the engine's clock. */
  check(): Promise<void>;
  /** Registers how to take back a write made under the leases, should they turn out lost. */
  wrote(undo: () => Promise<void>): void;
}

interface Held {
  key: string;
  holder: string;
  token: number;
}

const leaseLost = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'The change took longer than its lock and was not kept; try again',
    undefined,
    { 'Retry-After': '1' },
  );

export class DocumentLeases {
  private readonly durationMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly connection: Connection,
    options: LeaseOptions = {},
  ) {
    this.durationMs = options.durationMs ?? 10_000;
    this.waitMs = options.waitMs ?? 5_000;
  }

  private get leases() {
    return this.connection.collection<LeaseDoc>('leases');
  }

  /** The engine's clock (its `hello` reply), the one every process's expiry is judged by. */
  async engineNow(): Promise<Date> {
    const reply = await this.connection.db!.command({ hello: 1 });
    const at = reply.localTime as Date | undefined;
    return at instanceof Date ? at : new Date(String(at));
  }

  /**
   * Runs `work` holding the leases `keys`; releases them whatever `work` does. When a lease
   * turns out taken over at release, the writes `work` registered are undone and 503 thrown.
   */
  async with<T>(keys: string | string[], work: (fence: Fence) => Promise<T>): Promise<T> {
    const held = await this.takeAll([...new Set([keys].flat())].sort());
    const undos: Array<() => Promise<void>> = [];
    const fence: Fence = {
      tokens: new Map(held.map((h) => [h.key, h.token])),
      check: () => this.check(held),
      wrote: (undo) => void undos.push(undo),
    };
    let result: T;
    try {
      result = await work(fence);
    } catch (err) {
      await this.release(held).catch(() => false);
      throw err;
    }
    // Not knowing (the engine unreachable) counts as lost: taking a write back is safe.
    const kept = await this.release(held).catch(() => false);
    if (!kept && undos.length) {
      for (const undo of undos.reverse()) await undo();
      throw leaseLost();
    }
    return result;
  }

  private async takeAll(keys: string[]): Promise<Held[]> {
    const held: Held[] = [];
    try {
      for (const key of keys) held.push(await this.take(key));
      return held;
    } catch (err) {
      await this.release(held).catch(() => false);
      throw err;
    }
  }

  private async take(key: string): Promise<Held> {
    const holder = randomUUID();
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < this.waitMs; attempt++) {
      const expiredBefore = new Date((await this.engineNow()).getTime() - this.durationMs);
      try {
        // Free, or expired by the engine's clock: one update takes it (an upsert the first
        // time; a busy lease makes that insert a duplicate key).
        const taken = await this.leases.findOneAndUpdate(
          { _id: key, $or: [{ holder: null }, { takenAt: { $lt: expiredBefore } }] },
          { $set: { holder }, $inc: { token: 1 }, $currentDate: { takenAt: true } },
          { upsert: true, returnDocument: 'after' },
        );
        if (taken?.holder === holder) return { key, holder, token: taken.token };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      await backoff(attempt);
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'The resource is busy; try again', undefined, {
      'Retry-After': '1',
    });
  }

  private async check(held: Held[]): Promise<void> {
    const [now, docs] = await Promise.all([
      this.engineNow(),
      this.leases.find({ _id: { $in: held.map((h) => h.key) } }).toArray(),
    ]);
    const byKey = new Map(docs.map((d) => [d._id, d]));
    const ours = held.every((h) => {
      const doc = byKey.get(h.key);
      return (
        doc?.token === h.token &&
        doc.holder === h.holder &&
        now.getTime() - doc.takenAt.getTime() < this.durationMs
      );
    });
    if (!ours) throw leaseLost();
  }

  /** Frees the leases still this holder's; whether every one of them still was. */
  private async release(held: Held[]): Promise<boolean> {
    const freed = await Promise.all(
      held.map((h) =>
        this.leases.updateOne(
          { _id: h.key, holder: h.holder, token: h.token },
          { $set: { holder: null } },
        ),
      ),
    );
    return freed.every((r) => r.matchedCount === 1);
  }
}
