/**
 * Remembered responses to POSTs sent with an Idempotency-Key, per caller. This one keeps
 * them in this gateway's memory: bounded by entry count and bytes (oldest first out), each
 * for 24 h. Several gateways share `SharedIdempotencyStore` (a NATS key-value bucket), which
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
  expiresAt: number;
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
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: IdempotencyLimits = DEFAULT_IDEMPOTENCY_LIMITS) {}

  /** Looks the key up; when it is new, marks it in progress for this fingerprint. */
  begin(key: string, fingerprint: string, now = Date.now()): Begin {
    const entry = this.live(key, now);
    if (!entry) {
      this.put(key, { fingerprint, expiresAt: now + this.limits.pendingTtlMs }, now);
      return { kind: 'new' };
    }
    if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return entry.response ? { kind: 'replay', response: entry.response } : { kind: 'in_progress' };
  }

  /** Remembers the first response; returns whether it was kept. */
  complete(key: string, fingerprint: string, response: StoredResponse, now = Date.now()): boolean {
    const entry = this.entries.get(key);
    if (entry && entry.fingerprint !== fingerprint) return false;
    if (response.body.length > this.limits.maxEntryBytes) {
      this.abandon(key, fingerprint);
      return false;
    }
    this.put(key, { fingerprint, expiresAt: now + this.limits.ttlMs, response }, now);
    return true;
  }

  /** Drops an in-progress mark (the request failed or was not answered) so a retry runs. */
  abandon(key: string, fingerprint: string): void {
    const entry = this.entries.get(key);
    if (entry && !entry.response && entry.fingerprint === fingerprint) this.remove(key);
  }

  get size() {
    return this.entries.size;
  }
  get storedBytes() {
    return this.bytes;
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, entry: Entry, now: number): void {
    this.remove(key); // re-inserted last: Map order is age order
    this.entries.set(key, entry);
    this.bytes += sizeOf(key, entry);
    for (const [oldKey, old] of this.entries) {
      const over = this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes;
      if (!over && old.expiresAt > now) break;
      if (oldKey === key) break;
      this.remove(oldKey);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= sizeOf(key, entry);
    this.entries.delete(key);
  }
}

const sizeOf = (key: string, entry: Entry) =>
  key.length + entry.fingerprint.length + (entry.response?.body.length ?? 0) + 64;
