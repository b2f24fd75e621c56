import { isIssueIdentifier } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';
import { LRUCache } from 'lru-cache';

type Owner = 'habits' | 'issues';

/**
 * Which service owns an id on `/api/tasks/:id`; an issue identifier is the issues service's. Asked of both once, then remembered
 * (ids never move), so the hot path adds no round trip. While one of them is down, an id the
 * other does not own goes to the one that is down (503), never to a 404.
 */
export class IdOwnerCache {
  /** Bounded: the least recently used id goes first (it is asked again if it comes back). */
  private readonly known: LRUCache<string, Owner>;

  constructor(
    private readonly habits: InternalClient,
    private readonly issues: InternalClient,
    maxEntries = 200_000,
  ) {
    this.known = new LRUCache({ max: maxEntries });
  }

  remember(id: string, owner: Owner): void {
    this.known.set(id, owner);
  }

  async ownerOf(id: string): Promise<Owner> {
    // An identifier (`ENG-12`) is always an issue's: the issues service resolves it.
    if (isIssueIdentifier(id)) return 'issues';
    const hit = this.known.get(id);
    if (hit) return hit;
    if (!/^[0-9a-fA-F-]{36}$/.test(id)) return 'habits'; // it answers the 404/422
    const path = `/internal/owns/${id}`;
    const ask = (client: InternalClient) =>
      client.get(path).then(
        (found) => (found ? 'owns' : 'not'),
        () => 'unknown' as const,
      );
    const [task, issue] = await Promise.all([ask(this.habits), ask(this.issues)]);
    const owner: Owner | null = issue === 'owns' ? 'issues' : task === 'owns' ? 'habits' : null;
    if (owner) this.remember(id, owner);
    // Unclaimed, and a service did not answer: it may own the id, so the request goes there
    // and gets its 503 with Retry-After rather than the other's 404. Not remembered.
    if (!owner && issue === 'unknown') return 'issues';
    return owner ?? 'habits';
  }
}
