import type { InternalClient } from '@momentum/http';

/** An agent's owner as identity knows them. */
export interface Owner {
  id: string;
  name: string;
  isAdmin: boolean;
  teamIds: string[];
}

/** Who owns agents and which teams they are in (the identity service owns that). */
export interface OwnerDirectory {
  owner(userId: string): Promise<Owner | null>;
}

/** identity `GET /internal/users/:id` → `{ data: { id, name, isAdmin, teamIds } }`; unknown → null. */
export class HttpOwnerDirectory implements OwnerDirectory {
  constructor(private readonly identity: InternalClient) {}

  owner(userId: string): Promise<Owner | null> {
    return this.identity.get<Owner>(`/internal/users/${encodeURIComponent(userId)}`);
  }
}
