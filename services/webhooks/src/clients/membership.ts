import { LRUCache } from 'lru-cache';
import type { InternalClient } from '@momentum/http';

interface UserState {
  teamIds: string[];
  activeKeyIds: string[];
}

/** A user's current teams and live keys (identity owns both). */
export interface MembershipSource {
  teamIdsOf(userId: string): Promise<string[]>;
  /** The ids of the user's keys neither revoked nor expired. */
  activeKeyIdsOf(userId: string): Promise<string[]>;
  /** Drop what is known of a user at once (a membership changed). */
  forget(userId: string): void;
}

/**
 * identity `GET /internal/users/:id?withKeys=true`, kept for a short while: a burst of deliveries to one
 * team asks once, and a membership change is seen within the TTL at the latest — sooner,
 * since membership events drop the entry in every process (consumers/membership-changes.ts).
 * An unknown (deleted) user has no teams. Identity being away is an error, never "no teams".
 */
export class HttpMembership implements MembershipSource {
  /** Null when `ttlMs` is 0: nothing is kept (lru-cache would read 0 as "never expires"). */
  private readonly cache: LRUCache<string, UserState> | null;
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
    return (await this.userState(userId)).teamIds;
  }

  async activeKeyIdsOf(userId: string): Promise<string[]> {
    return (await this.userState(userId)).activeKeyIds;
  }

  /** Teams and live keys in one lookup, kept together. */
  private async userState(userId: string): Promise<UserState> {
    const hit = this.cache?.get(userId);
    if (hit) return hit;
    const epoch = this.epoch;
    const found = await this.identity.get<Partial<UserState>>(
      `/internal/users/${encodeURIComponent(userId)}?withKeys=true`,
    );
    const user = { teamIds: found?.teamIds ?? [], activeKeyIds: found?.activeKeyIds ?? [] };
    if (epoch === this.epoch) this.cache?.set(userId, user);
    return user;
  }

  forget(userId: string): void {
    this.epoch++;
    this.cache?.delete(userId);
  }
}
