import { LRUCache } from 'lru-cache';
import type { InternalClient } from '@momentum/http';

/** A user's current teams (identity owns memberships). */
export interface MembershipSource {
  teamIdsOf(userId: string): Promise<string[]>;
  /** Drop what is known of a user at once (a membership changed). */
  forget(userId: string): void;
}

/**
 * identity `GET /internal/users/:id`, kept for a short while: a burst of deliveries to one
 * team asks once, and a membership change is seen within the TTL at the latest — sooner,
 * since membership events drop the entry in every process (consumers/membership-changes.ts).
 * An unknown (deleted) user has no teams. Identity being away is an error, never "no teams".
 */
export class HttpMembership implements MembershipSource {
  /** Null when `ttlMs` is 0: nothing is kept (lru-cache would read 0 as "never expires"). */
  private readonly cache: LRUCache<string, string[]> | null;
  /** Rises with every forget: an answer fetched across one is used but not kept. */
  private epoch = 0;

  constructor(
    private readonly identity: InternalClient,
    ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0 }) : null;
  }

  async teamIdsOf(userId: string): Promise<string[]> {
    const hit = this.cache?.get(userId);
    if (hit) return hit;
    const epoch = this.epoch;
    const user = await this.identity.get<{ teamIds: string[] }>(
      `/internal/users/${encodeURIComponent(userId)}`,
    );
    const teamIds = user?.teamIds ?? [];
    if (epoch === this.epoch) this.cache?.set(userId, teamIds);
    return teamIds;
  }

  forget(userId: string): void {
    this.epoch++;
    this.cache?.delete(userId);
  }
}
