import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { AppError } from '@momentum/contracts';
import { isDuplicateKey } from './documents.js';
import { backoff } from './revision.js';

/**
 * A lock that holds across processes: a document with a unique `_id` (the thing locked)
 * in the `leases` collection. Taking it is one insert — the unique index lets exactly one
 * holder in; releasing it is one delete by `_id` and holder. A holder that died leaves a
 * lease that expires: the next taker replaces it with one conditional update on
 * `expiresAt`, which again only one taker can win. Use it where a rule spans documents and
 * no single-document write can decide it (a cycle check over many links); keep the work
 * under it short and far below the lease's duration.
 */
interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: Date;
}

export interface LeaseOptions {
  /** How long a lease holds if its holder never releases it. */
  durationMs?: number;
  /** How long a taker waits for a busy lease before the caller is told to retry (503). */
  waitMs?: number;
}

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

  /** Runs `work` holding the lease `key`; releases it whatever `work` does. */
  async with<T>(key: string, work: () => Promise<T>): Promise<T> {
    const holder = await this.take(key);
    try {
      return await work();
    } finally {
      await this.leases.deleteOne({ _id: key, holder }).catch(() => undefined);
    }
  }

  private async take(key: string): Promise<string> {
    const holder = randomUUID();
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < this.waitMs; attempt++) {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + this.durationMs);
      try {
        await this.leases.insertOne({ _id: key, holder, expiresAt });
        return holder;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const taken = await this.leases.findOneAndUpdate(
        { _id: key, expiresAt: { $lt: now } },
        { $set: { holder, expiresAt } },
      );
      if (taken) return holder;
      await backoff(attempt);
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'The resource is busy; try again', undefined, {
      'Retry-After': '1',
    });
  }
}
