// Kept: no library counts windows on a NATS key-value bucket; it is @fastify/rate-limit's store behind shared-store.ts.
import type { KV } from 'nats';
import { kvKey, lostRace } from '../shared/kv.js';

export interface Take {
  allowed: boolean;
  /** Requests the bucket still allows in this window after this one. */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

interface Window {
  /** Requests counted in the window. */
  n: number;
  /** When the window ends (epoch ms); it starts at the bucket's first request, as before. */
  until: number;
}

interface Slot {
  /** The key's revision and value as this gateway last read or wrote them. */
  revision: number;
  value: Window | null;
  waiting: Array<(take: Take) => void>;
  busy: boolean;
}

/**
 * Rate-limit windows counted once across every gateway, in a JetStream key-value bucket: a
 * key per bucket (`key:<id>` / `ip:<address>`) holds `{n, until}`, and each admission is a
 * compare-and-set on its revision, so two gateways never both take the last request of a
 * window. The fast path: requests for one bucket that arrive while a write is in flight
 * are admitted together by the next single write (one round trip for the batch), and the
 * last revision is kept, so one gateway serving a key alone writes without reading first.
 */
export class SharedWindowCounter {
  private readonly slots = new Map<string, Slot>();
  private takes = 0;

  constructor(
    private readonly kv: KV,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxRaces = 20,
  ) {}

  take(bucket: string): Promise<Take> {
    if (++this.takes % 1000 === 0) this.forgetIdle();
    const key = kvKey(bucket);
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { revision: 0, value: null, waiting: [], busy: false };
      this.slots.set(key, slot);
    }
    const taken = new Promise<Take>((resolve) => slot.waiting.push(resolve));
    if (!slot.busy) void this.drain(key, slot);
    return taken;
  }

  private async drain(key: string, slot: Slot): Promise<void> {
    slot.busy = true;
    try {
      while (slot.waiting.length > 0) {
        const batch = slot.waiting.splice(0);
        try {
          const results = await this.admit(key, slot, batch.length);
          batch.forEach((resolve, i) => resolve(results[i]!));
        } catch (err) {
          slot.revision = 0;
          slot.value = null;
          // The caller falls back to its own count (NATS away); each waiter hears it.
          batch.forEach((resolve) => resolve(Promise.reject(err) as unknown as Take));
        }
      }
    } finally {
      slot.busy = false;
      // Forget idle keys once their window is over, so the map does not grow with clients.
      if (slot.waiting.length === 0 && (!slot.value || slot.value.until <= Date.now()))
        this.slots.delete(key);
    }
  }

  /** Drops what this gateway remembers of keys whose window is over and nobody waits on. */
  private forgetIdle(now = Date.now()): void {
    for (const [key, slot] of this.slots)
      if (!slot.busy && (!slot.value || slot.value.until <= now)) this.slots.delete(key);
  }

  /** Admits up to `count` requests with one compare-and-set (again after a lost race). */
  private async admit(key: string, slot: Slot, count: number): Promise<Take[]> {
    for (let race = 0; race < this.maxRaces; race++) {
      const now = Date.now();
      const current =
        slot.value && slot.value.until > now ? slot.value : { n: 0, until: now + this.windowMs };
      const granted = Math.max(0, Math.min(count, this.max - current.n));
      const resetMs = current.until - now;
      const answer = () =>
        Array.from({ length: count }, (_, i) => ({
          allowed: i < granted,
          remaining: Math.max(0, this.max - current.n - Math.min(i + 1, granted)),
          resetMs,
        }));
      // Nothing to add: the window is full as last seen. Refuse without a write, but only
      // on a fresh read (another gateway may have started a new window meanwhile).
      if (granted === 0 && race > 0) return answer();
      if (granted === 0) {
        await this.read(key, slot);
        continue;
      }
      const next: Window = { n: current.n + granted, until: current.until };
      try {
        const data = Buffer.from(JSON.stringify(next));
        slot.revision =
          slot.revision === 0
            ? await this.kv.create(key, data)
            : await this.kv.update(key, data, slot.revision);
        slot.value = next;
        return answer();
      } catch (err) {
        if (!lostRace(err)) throw err;
        slot.revision = 0; // read again and decide again
        slot.value = null;
        await this.read(key, slot);
      }
    }
    throw new Error('rate limit: too many lost races on one key');
  }

  private async read(key: string, slot: Slot): Promise<void> {
    const entry = await this.kv.get(key);
    if (!entry || entry.operation !== 'PUT') {
      // Absent, or a delete marker: the next write creates it (create handles markers).
      slot.revision = 0;
      slot.value = null;
      return;
    }
    slot.revision = entry.revision;
    slot.value = entry.json<Window>();
  }
}

/** Windows counted once across every gateway (a NATS key-value bucket). */
export interface SharedLimit {
  take(bucket: string): Promise<Take>;
  /** False while NATS is away: then each gateway counts in its own memory. */
  available(): boolean;
}
