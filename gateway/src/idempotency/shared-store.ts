import type { KV } from 'nats';
import { kvKey, lostRace } from '../shared/kv.js';
import {
  DEFAULT_IDEMPOTENCY_LIMITS,
  IdempotencyStore,
  type Begin,
  type IdempotencyBackend,
  type IdempotencyLimits,
  type StoredResponse,
} from './store.js';

interface Stored {
  fingerprint: string;
  /** A request still running (until `expiresAt`), or its stored response. */
  state: 'pending' | 'done';
  expiresAt?: number;
  status?: number;
  contentType?: string;
  /** base64 */
  body?: string;
  withheld?: boolean;
  lost?: boolean;
}

/**
 * The idempotency store every gateway shares: a JetStream key-value bucket whose entries
 * live 24 h (the bucket's TTL, from each entry's last write). A key is claimed with
 * `create` (only one gateway's succeeds), finished with `update` on the claim's revision
 * and dropped with a delete on that revision, so a retry that reaches another gateway is
 * replayed, or gets 409 while the first still runs. A claim whose gateway died is taken over
 * after `pendingTtlMs` by one compare-and-set. While NATS is away (`available()` false or a
 * call fails) the request is kept in this gateway's memory instead, as before.
 */
export class SharedIdempotencyStore implements IdempotencyBackend {
  /** Revisions of the claims this gateway holds, by key. */
  private readonly claims = new Map<string, number | 'local'>();

  constructor(
    private readonly kv: KV,
    private readonly available: () => boolean = () => true,
    private readonly limits: IdempotencyLimits = {
      ...DEFAULT_IDEMPOTENCY_LIMITS,
      // A value travels in one NATS message (1 MiB by default, with the envelope).
      maxEntryBytes: 512 * 1024,
    },
    private readonly local = new IdempotencyStore(limits),
  ) {}

  async begin(key: string, fingerprint: string, now = Date.now()): Promise<Begin> {
    if (!this.available()) return this.beginLocally(key, fingerprint);
    const id = kvKey(key);
    const pending = encode({
      fingerprint,
      state: 'pending',
      expiresAt: now + this.limits.pendingTtlMs,
    });
    try {
      for (let race = 0; race < 5; race++) {
        try {
          this.claims.set(key, await this.kv.create(id, pending));
          return { kind: 'new' };
        } catch (err) {
          if (!lostRace(err)) throw err;
        }
        const entry = await this.kv.get(id);
        if (!entry || entry.operation !== 'PUT') continue; // gone meanwhile: claim it
        const stored = entry.json<Stored>();
        if (stored.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (stored.state === 'done') return { kind: 'replay', response: decode(stored) };
        if ((stored.expiresAt ?? 0) > now) return { kind: 'in_progress' };
        try {
          // Its gateway died or never finished: one taker wins the stale claim.
          this.claims.set(key, await this.kv.update(id, pending, entry.revision));
          return { kind: 'new' };
        } catch (err) {
          if (!lostRace(err)) throw err;
        }
      }
      return { kind: 'in_progress' };
    } catch {
      return this.beginLocally(key, fingerprint);
    }
  }

  async complete(key: string, fingerprint: string, response: StoredResponse): Promise<boolean> {
    const claim = this.claims.get(key);
    this.claims.delete(key);
    if (claim === 'local' || claim === undefined)
      return this.local.complete(key, fingerprint, response);
    if (response.body.length > this.limits.maxEntryBytes) {
      await this.drop(key, claim);
      return false;
    }
    const done: Stored = {
      fingerprint,
      state: 'done',
      status: response.status,
      ...(response.contentType ? { contentType: response.contentType } : {}),
      body: response.body.toString('base64'),
      ...(response.withheld ? { withheld: true } : {}),
      ...(response.lost ? { lost: true } : {}),
    };
    try {
      await this.kv.update(kvKey(key), encode(done), claim);
      return true;
    } catch {
      // Lost (the claim was taken over) or NATS away: a retry runs again, as after a 5xx.
      return false;
    }
  }

  async abandon(key: string, fingerprint: string): Promise<void> {
    const claim = this.claims.get(key);
    this.claims.delete(key);
    if (claim === 'local') return this.local.abandon(key, fingerprint);
    if (claim !== undefined) await this.drop(key, claim);
  }

  private async drop(key: string, claim: number): Promise<void> {
    // Only our own claim: a delete on its revision fails if anyone wrote since.
    await this.kv.delete(kvKey(key), { previousSeq: claim }).catch(() => undefined);
  }

  private beginLocally(key: string, fingerprint: string): Begin {
    const begun = this.local.begin(key, fingerprint);
    if (begun.kind === 'new') this.claims.set(key, 'local');
    return begun;
  }
}

const encode = (value: Stored) => Buffer.from(JSON.stringify(value));

const decode = (stored: Stored): StoredResponse => ({
  status: stored.status ?? 200,
  contentType: stored.contentType,
  body: Buffer.from(stored.body ?? '', 'base64'),
  ...(stored.withheld ? { withheld: true } : {}),
  ...(stored.lost ? { lost: true } : {}),
});
