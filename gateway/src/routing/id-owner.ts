import type { InternalClient } from '@momentum/service-kit';

type Owner = 'habits' | 'issues';

/**
 * Which service owns an id on `/api/tasks/:id`. Asked of both once, then remembered
 * (ids never move), so the hot path adds no round trip.
 */
export class IdOwnerCache {
  private readonly known = new Map<string, Owner>();

  constructor(
    private readonly habits: InternalClient,
    private readonly issues: InternalClient,
    private readonly maxEntries = 200_000,
  ) {}

  remember(id: string, owner: Owner): void {
    if (this.known.size >= this.maxEntries) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(id, owner);
  }

  async ownerOf(id: string): Promise<Owner> {
    const hit = this.known.get(id);
    if (hit) return hit;
    if (!/^[0-9a-fA-F-]{36}$/.test(id)) return 'habits'; // it answers the 404/422
    const path = `/internal/owns/${id}`;
    const [task, issue] = await Promise.all([
      this.habits.get(path).catch(() => null),
      this.issues.get(path).catch(() => null),
    ]);
    const owner: Owner | null = issue ? 'issues' : task ? 'habits' : null;
    if (owner) this.remember(id, owner);
    return owner ?? 'habits';
  }
}
