import type { Owner, OwnerDirectory } from '../../src/clients/owner-directory.js';

/** Identity in memory: owners and their teams, changed by the test as it goes. */
export class InMemoryOwnerDirectory implements OwnerDirectory {
  private readonly owners = new Map<string, Owner>();

  set(owner: Owner): void {
    this.owners.set(owner.id, { ...owner, teamIds: [...owner.teamIds] });
  }

  forget(userId: string): void {
    this.owners.delete(userId);
  }

  async owner(userId: string): Promise<Owner | null> {
    return this.owners.get(userId) ?? null;
  }
}
