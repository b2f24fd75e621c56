import { ActorSchema, type Actor, type KeyRecord } from '@momentum/contracts';
import { checkSecret, keyFingerprint, parseApiKey } from '@momentum/service-kit';
import type { KeyCache } from './key-cache.js';
import { keyCacheLookups } from '@momentum/service-kit/telemetry';

/** Where key records live: identity for user keys, agents for agent keys. */
export interface KeyDirectory {
  lookup(keyId: string): Promise<KeyRecord | null>;
}

/**
 * Raw key → actor. Only here is a raw key ever handled; it is parsed, its record
 * fetched by key id, the secret compared with bcrypt once, and the verdict cached.
 */
export class KeyResolver {
  private readonly inFlight = new Map<string, Promise<Actor | null>>();

  constructor(
    private readonly directory: KeyDirectory,
    private readonly cache: KeyCache,
  ) {}

  async resolve(rawKey: string): Promise<Actor | null> {
    const fingerprint = keyFingerprint(rawKey);
    const hit = this.cache.get(fingerprint);
    keyCacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) return hit.actor;
    // Many requests with one new key at once verify it once.
    let pending = this.inFlight.get(fingerprint);
    if (!pending) {
      pending = this.verify(rawKey, fingerprint).finally(() => this.inFlight.delete(fingerprint));
      this.inFlight.set(fingerprint, pending);
    }
    return pending;
  }

  private async verify(rawKey: string, fingerprint: string): Promise<Actor | null> {
    const parsed = parseApiKey(rawKey);
    if (!parsed) return null;
    const record = await this.directory.lookup(parsed.keyId);
    const actor =
      record && (await checkSecret(parsed.secret, record.hash))
        ? ActorSchema.parse(record.actor)
        : null;
    this.cache.set(fingerprint, parsed.keyId, actor);
    return actor;
  }
}
