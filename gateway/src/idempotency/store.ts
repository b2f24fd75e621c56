import { LRUCache } from 'lru-cache';
import type { Clock } from '../auth/key-cache.js';

/**
 * Remembered responses to POSTs sent with an Idempotency-Key, per caller. This one keeps
 * them in this gateway's memory: bounded by entry count and bytes (the least recently used
 * first out), each for 24 h. Several gateways share `SharedIdempotencyStore` (a NATS key-value bucket), which
 * falls back to this one while NATS is away.
 */
export interface StoredResponse {
  status: number;
  contentType: string | undefined;
  body: Buffer;
  /** The response held a raw key, shown once: it is not kept and cannot be replayed. */
  withheld?: boolean;
  /**
   * The service answered `status` after the client had gone: the request ran, its response
   * was never sent or kept, and a retry is told so instead of running it again.
   */
  lost?: boolean;
}

interface Entry {
  fingerprint: string;
  /** Absent while the first request is still in progress. */
  response?: StoredResponse;
}

export type Begin =
  | { kind: 'new' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/** Where first responses are kept: this process's memory, or a store the gateways share. */
export interface IdempotencyBackend {
  /** Looks the key up; when it is new, marks it in progress for this fingerprint. */
  begin(key: string, fingerprint: string): Begin | Promise<Begin>;
  /** Remembers the first response; returns whether it was kept. */
  complete(key: string, fingerprint: string, response: StoredResponse): boolean | Promise<boolean>;
  /** Drops an in-progress mark (the request failed or was not answered) so a retry runs. */
  abandon(key: string, fingerprint: string): void | Promise<void>;
}

export interface IdempotencyLimits {
  ttlMs: number;
  /** An in-progress mark outlives any upstream timeout, then lets a retry through. */
  pendingTtlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Larger responses are not remembered (a retry runs again). */
  maxEntryBytes: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: IdempotencyLimits = {
  ttlMs: 24 * 60 * 60_000,
  pendingTtlMs: 2 * 60_000,
  maxEntries: 20_000,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
};

export class IdempotencyStore implements IdempotencyBackend {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly limits: IdempotencyLimits = DEFAULT_IDEMPOTENCY_LIMITS,
    clock: Clock = performance,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (entry, key) =>
        key.length + entry.fingerprint.length + (entry.response?.body.length ?? 0) + 64,
      // ttlResolution 0: read the clock on each lookup rather than arm a timer to cache it.
      ttlResolution: 0,
      perf: clock,
    });
  }

  /** Looks the key up; when it is new, marks it in progress for this fingerprint. */
  begin(key: string, fingerprint: string): Begin {
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { fingerprint }, { ttl: this.limits.pendingTtlMs });
      return { kind: 'new' };
    }
    if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return entry.response ? { kind: 'replay', response: entry.response } : { kind: 'in_progress' };
  }

  /** Remembers the first response; returns whether it was kept. */
  complete(key: string, fingerprint: string, response: StoredResponse): boolean {
    const entry = this.entries.get(key);
    if (entry && entry.fingerprint !== fingerprint) return false;
    if (response.body.length > this.limits.maxEntryBytes) {
      this.abandon(key, fingerprint);
      return false;
    }
    this.entries.set(key, { fingerprint, response }, { ttl: this.limits.ttlMs });
    return true;
  }

  /** Drops an in-progress mark (the request failed or was not answered) so a retry runs. */
  abandon(key: string, fingerprint: string): void {
    const entry = this.entries.peek(key);
    if (entry && !entry.response && entry.fingerprint === fingerprint) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
  get storedBytes() {
    return this.entries.calculatedSize;
  }
}
