import { ActorSchema, AppError, type Actor, type KeyRecord } from '@momentum/contracts';
import { checkSecret, keyFingerprint, parseApiKey } from '@momentum/keys';
import type { KeyCache } from './key-cache.js';
import type { FailureThrottle } from './failure-throttle.js';
import type { UnknownKeyIds } from './unknown-keys.js';
import { keyCacheLookups } from '@momentum/telemetry';

/** Where key records live: identity for user keys, agents for agent keys. */
export interface KeyDirectory {
  lookup(keyId: string): Promise<KeyRecord | null>;
  /** The key's secret verified (its service marks lastUsedAt); never awaited. */
  used?(record: KeyRecord): void;
}

/** What guards verification against floods (gateway/src/auth/guarded-resolver.ts builds it). */
export interface ResolverGuards {
  /** Compares a secret with its bcrypt hash; off the event loop in production (HashPool). */
  compare?: (secret: string, hash: string) => Promise<boolean>;
  /** Failed verifications per client address and per key id from it, checked before hashing. */
  throttle?: FailureThrottle;
  /** Key ids the directory does not know, asked once. */
  unknown?: UnknownKeyIds;
  /** Fingerprints of keys verified before, with the hash they matched (bounded). */
  maxKnownGood?: number;
}

const throttled = (retryAfter: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many failed API key verifications; retry in ${retryAfter} s`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );

/**
 * Raw key → actor. Only here is a raw key ever handled; it is parsed, its record
 * fetched by key id, the secret compared with bcrypt once, and the verdict cached.
 */
export class KeyResolver {
  private readonly inFlight = new Map<string, Promise<Actor | null>>();
  /**
   * Fingerprint → the hash it matched. Outlives the verdict cache: a key seen valid is
   * checked again against its record (revocation, teams), but never hashed again while the
   * record's hash is unchanged, and never throttled for others' forgeries of its key id.
   */
  private readonly knownGood = new Map<string, string>();
  private readonly compare: (secret: string, hash: string) => Promise<boolean>;

  constructor(
    private readonly directory: KeyDirectory,
    private readonly cache: KeyCache,
    private readonly guards: ResolverGuards = {},
  ) {
    this.compare = guards.compare ?? checkSecret;
  }

  /** `client` is the caller's address, for the failure throttle. */
  async resolve(rawKey: string, client = 'unknown'): Promise<Actor | null> {
    const fingerprint = keyFingerprint(rawKey);
    const hit = this.cache.get(fingerprint);
    keyCacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) return hit.actor;
    // Many requests with one new key at once verify it once.
    let pending = this.inFlight.get(fingerprint);
    if (!pending) {
      pending = this.verify(rawKey, fingerprint, client).finally(() =>
        this.inFlight.delete(fingerprint),
      );
      this.inFlight.set(fingerprint, pending);
    }
    return pending;
  }

  private async verify(rawKey: string, fingerprint: string, client: string): Promise<Actor | null> {
    const parsed = parseApiKey(rawKey);
    if (!parsed) return null;
    const { keyId, secret } = parsed;
    if (this.guards.unknown?.has(keyId, this.cache.generation)) return null;
    const throttle = this.knownGood.has(fingerprint) ? undefined : this.guards.throttle;
    const wait = throttle?.retryAfter(client, keyId) ?? 0;
    if (wait > 0) throw throttled(wait);
    // Counted before the lookup, so a burst sees its own attempts.
    throttle?.attempt(client, keyId);
    const generation = this.cache.generation;
    const unknownGeneration = this.guards.unknown?.generation ?? 0;
    const record = await this.directory.lookup(keyId);
    if (!record) {
      // No hash to guess against (unknown, revoked or inactive): remembered, and not counted,
      // so a refused key tried one request at a time keeps its 401.
      throttle?.forgive(client, keyId);
      this.guards.unknown?.addIfCurrent(unknownGeneration, keyId, generation);
      return null;
    }
    const valid =
      this.knownGood.get(fingerprint) === record.hash || (await this.compare(secret, record.hash));
    const actor = valid ? ActorSchema.parse(record.actor) : null;
    if (valid) {
      throttle?.forgive(client, keyId);
      this.rememberGood(fingerprint, record.hash);
      // Only now, after the secret matched: a forgery never makes a key look used.
      this.directory.used?.(record);
    } else throttle?.failed(client, keyId);
    // Not cached when a revocation (any drop) arrived while this was being computed.
    this.cache.setIfCurrent(generation, fingerprint, keyId, actor);
    return actor;
  }

  private rememberGood(fingerprint: string, hash: string): void {
    this.knownGood.delete(fingerprint);
    if (this.knownGood.size >= (this.guards.maxKnownGood ?? 50_000)) {
      const oldest = this.knownGood.keys().next().value;
      if (oldest !== undefined) this.knownGood.delete(oldest);
    }
    this.knownGood.set(fingerprint, hash);
  }
}
