import { DELETED_USER_ID } from '@momentum/contracts';
import type { AgentModels } from './models.js';

/** Never exported: the key's hash and the outbox. */
const EXPORTED = { keyHash: 0, _outbox: 0 } as const;

/** What agents holds of one person: the agents they own. */
export class PersonalDataStore {
  constructor(private readonly m: AgentModels) {}

  agents(userId: string) {
    return this.m.Agent.find({ ownerId: userId }, EXPORTED)
      .sort({ createdAt: -1, _id: 1 })
      .lean()
      .cursor();
  }

  /** The ids of the person's live agents (each is deleted with its event first). */
  async liveAgentIds(userId: string): Promise<string[]> {
    const live = await this.m.Agent.find({ ownerId: userId, deletedAt: null }, { _id: 1 }).lean();
    return live.map((a) => a._id);
  }

  /**
   * The last step of an erasure, once every agent is deleted: the rows stay (activity
   * timelines name the agent) but owned by the deleted-user id, without their config,
   * description or key metadata.
   */
  async disown(userId: string): Promise<void> {
    await this.m.Agent.updateMany(
      { ownerId: userId, deletedAt: { $ne: null } },
      {
        $set: {
          ownerId: DELETED_USER_ID,
          config: {},
          description: '',
          keyName: null,
          keyScopes: null,
          keyExpiresAt: null,
          keyMintedAt: [],
          lastUsedAt: null,
        },
      },
    );
  }
}
