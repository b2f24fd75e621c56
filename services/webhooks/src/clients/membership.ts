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
  private readonly cache = new Map<string, { teamIds: string[]; at: number }>();
  /** Rises with every forget: an answer fetched across one is used but not kept. */
  private epoch = 0;

  constructor(
    private readonly identity: InternalClient,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async teamIdsOf(userId: string): Promise<string[]> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.teamIds;
    const epoch = this.epoch;
    const user = await this.identity.get<{ teamIds: string[] }>(
      `/internal/users/${encodeURIComponent(userId)}`,
    );
    const teamIds = user?.teamIds ?? [];
    if (this.ttlMs > 0 && epoch === this.epoch) this.remember(userId, teamIds);
    return teamIds;
  }

  forget(userId: string): void {
    this.epoch++;
    this.cache.delete(userId);
  }

  private remember(userId: string, teamIds: string[]): void {
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(userId, { teamIds, at: Date.now() });
  }
}
