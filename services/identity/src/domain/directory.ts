import type { TeamRole } from '@momentum/contracts';
import { matchesQuery } from './people-search.js';

/** A member of a team as the directory lists them, before paging. */
export interface DirectoryEntry {
  id: string;
  kind: 'user' | 'agent';
  name: string;
  email?: string | null;
  avatar: string;
  role: TeamRole;
  joinedAt: Date;
}

/**
 * One page of a team's directory: the query's matches (name or email prefix; agents have no
 * email), oldest member first, ties by id, so pages are stable while nobody joins.
 */
export function directoryPage(
  entries: readonly DirectoryEntry[],
  query: {
    q?: string | undefined;
    kind?: 'user' | 'agent' | undefined;
    page: number;
    limit: number;
  },
): { items: DirectoryEntry[]; total: number } {
  const matching = entries
    .filter((e) => !query.kind || e.kind === query.kind)
    .filter((e) => !query.q || matchesQuery(query.q, e.name, e.email))
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.id < b.id ? -1 : 1));
  const start = (query.page - 1) * query.limit;
  return { items: matching.slice(start, start + query.limit), total: matching.length };
}
