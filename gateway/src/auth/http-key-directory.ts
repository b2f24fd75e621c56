import type { KeyRecord } from '@momentum/contracts';
import { keyRecordPath, type InternalClient } from '@momentum/http';
import type { KeyDirectory } from './key-resolver.js';

/** Asks identity and agents at once; the key id exists in at most one of them. */
export class HttpKeyDirectory implements KeyDirectory {
  constructor(
    private readonly identity: InternalClient,
    private readonly agents: InternalClient,
  ) {}

  async lookup(keyId: string): Promise<KeyRecord | null> {
    const path = keyRecordPath(keyId);
    const [user, agent] = await Promise.all([
      this.identity.get<KeyRecord>(path),
      this.agents.get<KeyRecord>(path).catch(() => null),
    ]);
    return user ?? agent;
  }
}
