import { timingSafeEqual } from 'node:crypto';
import { grantCacheKey, type Actor, type OAuthAccessRecord } from '@momentum/contracts';
import { keyFingerprint } from '@momentum/keys';
import { keyCacheLookups } from '@momentum/telemetry';
import type { KeyCache } from '../auth/key-cache.js';
import type { GrantStore } from './grant-store.js';
import { parseToken } from './tokens.js';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A verified access token: whom it acts as, and the resource it was issued for. */
export interface VerifiedAccess {
  actor: Actor;
  record: OAuthAccessRecord;
}

/**
 * Verifies an access token against its record, with no cache: whom it acts as (the user,
 * or the agent of an "acting as" grant), limited to the grant's scopes and the token's
 * expiry. Null when it is unknown, forged, expired or its grant ended.
 */
export async function verifyAccess(store: GrantStore, raw: string): Promise<VerifiedAccess | null> {
  const parsed = parseToken('access', raw);
  if (!parsed) return null;
  const record = await store.access(parsed.id);
  if (!record || !same(record.hash, parsed.hash)) return null;
  const base = record.agentId
    ? await store.agentActor(record.agentId, record.userId)
    : {
        type: 'user' as const,
        id: record.user.id,
        userId: record.user.id,
        name: record.user.name,
        teamIds: record.user.teamIds,
        isAdmin: record.user.isAdmin,
      };
  if (!base) return null;
  return {
    actor: { ...base, scopes: record.scopes, keyExpiresAt: record.expiresAt, keyId: null },
    record,
  };
}

/** Whom a token acts as, and the grant it is filed under in the key cache. */
export interface ResolvedAccess {
  actor: Actor;
  grantKey: string;
}

/**
 * Access token → actor for requests to this gateway, cached like keys (auth/key-cache.ts,
 * by fingerprint, filed under `oauth:<grant>`): the grant's revocation, the agent's or the
 * user's teams changing drop it on every replica. A token is accepted only when it was issued
 * for one of the gateway's own resources (no passthrough of tokens meant for others).
 */
export class AccessTokenResolver {
  private readonly inFlight = new Map<string, Promise<ResolvedAccess | null>>();

  constructor(
    private readonly store: GrantStore,
    private readonly cache: KeyCache,
  ) {}

  /**
   * `audiences`: the resources the caller is; null only to check again a token already
   * accepted here (a live stream's recheck).
   */
  async resolve(raw: string, audiences: readonly string[] | null): Promise<ResolvedAccess | null> {
    // The audiences are part of the verdict: the same token is judged per resource.
    const fingerprint = keyFingerprint(`${raw} ${audiences?.join(' ') ?? '*'}`);
    const hit = this.cache.get(fingerprint);
    keyCacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) return hit.actor ? { actor: hit.actor, grantKey: hit.keyId } : null;
    let pending = this.inFlight.get(fingerprint);
    if (!pending) {
      pending = this.verify(raw, fingerprint, audiences).finally(() =>
        this.inFlight.delete(fingerprint),
      );
      this.inFlight.set(fingerprint, pending);
    }
    return pending;
  }

  private async verify(
    raw: string,
    fingerprint: string,
    audiences: readonly string[] | null,
  ): Promise<ResolvedAccess | null> {
    const generation = this.cache.generation;
    const verified = await verifyAccess(this.store, raw);
    const ok =
      verified !== null && (audiences === null || audiences.includes(verified.record.resource));
    if (ok) this.store.used(verified.record.grantId);
    const grantKey = verified ? grantCacheKey(verified.record.grantId) : 'oauth:unknown';
    this.cache.setIfCurrent(generation, fingerprint, grantKey, ok ? verified.actor : null);
    return ok ? { actor: verified.actor, grantKey } : null;
  }
}
