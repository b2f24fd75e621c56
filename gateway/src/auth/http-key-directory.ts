import type { KeyRecord } from '@momentum/contracts';
import { keyRecordPath, keyUsedPath, type InternalClient } from '@momentum/http';
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

  /** Tells the key's service its secret verified (lastUsedAt); the answer is not awaited. */
  used(record: KeyRecord): void {
    const service = record.actor.type === 'agent' ? this.agents : this.identity;
    service.post(keyUsedPath(record.keyId), {}).catch(() => undefined);
  }
}
