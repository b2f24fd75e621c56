import type { EventEnvelope, Scope } from '@momentum/contracts';
import type { AgentDoc, AgentModels } from './models.js';
import { KeyedSerial } from './serial.js';
import { LAST_USED_RESOLUTION_MS } from '../domain/last-used.js';

/** Reads never carry pending events (findAndModify cannot project on FerretDB, so writes strip them). */
const VISIBLE = { _outbox: 0 } as const;
const withoutOutbox = (doc: AgentDoc | null): AgentDoc | null => {
  if (!doc) return null;
  const { _outbox: _pending, ...agent } = doc;
  return agent;
};
const LIVE = { deletedAt: null };
const LOOKUP_LIMIT = 1000;

export interface NewAgent {
  name: string;
  description: string;
  capabilities: string[];
  teamId: string | null;
  config: Record<string, unknown>;
}

export type AgentChanges = Partial<Pick<AgentDoc, 'name' | 'description' | 'capabilities' | 'teamId' | 'isActive' | 'config'>>;

/**
 * The agent queries. Everything a caller reaches is filtered by the owner from their
 * Scope, so another owner's agent is simply not found. Every write stores its event in
 * the document's `_outbox` in the same atomic update.
 */
export class AgentStore {
  private readonly serial = new KeyedSerial();

  constructor(readonly m: AgentModels) {}

  /**
   * Runs a read-then-write on one agent without overlap with any other write to it in
   * this process (see KeyedSerial); the key matches the outbox relay's.
   */
  serialized<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.serialRun(`${this.m.Agent.modelName}:${id}`, work);
  }

  /** The same queue by its raw key, for the outbox relay (`<model>:<id>`). */
  serialRun<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.serial.run(key, work);
  }

  async create(scope: Scope, id: string, input: NewAgent, event: EventEnvelope): Promise<AgentDoc> {
    const doc = new this.m.Agent({ _id: id, ...input, ownerId: scope.userId, isActive: true, _outbox: [event] });
    await doc.save();
    const { _outbox: _pending, ...agent } = doc.toObject<AgentDoc>();
    return agent;
  }

  async list(scope: Scope, page: number, limit: number): Promise<{ items: AgentDoc[]; total: number }> {
    const filter = { ownerId: scope.userId, ...LIVE };
    const [items, total] = await Promise.all([
      this.m.Agent.find(filter, VISIBLE)
        .sort({ createdAt: -1, _id: 1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<AgentDoc[]>(),
      this.m.Agent.countDocuments(filter),
    ]);
    return { items, total };
  }

  get(scope: Scope, id: string): Promise<AgentDoc | null> {
    return this.m.Agent.findOne({ _id: id, ownerId: scope.userId, ...LIVE }, VISIBLE).lean<AgentDoc>();
  }

  /** Applies changes to a live agent of the owner; null when there is none. */
  update(scope: Scope, id: string, changes: AgentChanges, event: EventEnvelope): Promise<AgentDoc | null> {
    return this.m.Agent.findOneAndUpdate(
      { _id: id, ownerId: scope.userId, ...LIVE },
      { $set: changes, $push: { _outbox: event } },
      { new: true },
    )
      .lean<AgentDoc>()
      .then(withoutOutbox);
  }

  /** Soft delete: the key goes with it, the row stays for names in history. */
  remove(scope: Scope, id: string, event: EventEnvelope): Promise<AgentDoc | null> {
    return this.m.Agent.findOneAndUpdate(
      { _id: id, ownerId: scope.userId, ...LIVE },
      { $set: { deletedAt: new Date(), isActive: false, keyId: null, keyHash: null }, $push: { _outbox: event } },
      { new: true },
    )
      .lean<AgentDoc>()
      .then(withoutOutbox);
  }

  /**
   * Sets the agent's key only if its current key is still `expectedKeyId` (null: it has
   * none), so two concurrent mints or rotations cannot both win.
   */
  replaceKey(scope: Scope, id: string, expectedKeyId: string | null, keyId: string, keyHash: string, event: EventEnvelope): Promise<AgentDoc | null> {
    return this.m.Agent.findOneAndUpdate(
      { _id: id, ownerId: scope.userId, keyId: expectedKeyId, ...LIVE },
      { $set: { keyId, keyHash }, $push: { _outbox: event } },
      { new: true },
    )
      .lean<AgentDoc>()
      .then(withoutOutbox);
  }

  /** The live agent holding a key id (system use: key verification). */
  findByKeyId(keyId: string): Promise<AgentDoc | null> {
    return this.m.Agent.findOne({ keyId, ...LIVE }, VISIBLE).lean<AgentDoc>();
  }

  /** At most one write a minute per agent, and it leaves updatedAt alone. */
  async touchLastUsed(id: string, now: Date): Promise<void> {
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await this.m.Agent.updateOne(
      { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: stale } }] },
      { $set: { lastUsedAt: now } },
      { timestamps: false },
    );
  }

  /** Agents matching any criterion; see AgentLookupBody. */
  lookup(criteria: { teamId?: string; ids?: string[]; ownerIds?: string[] }): Promise<AgentDoc[]> {
    const or: Record<string, unknown>[] = [];
    if (criteria.ids?.length) or.push({ _id: { $in: criteria.ids } });
    if (criteria.teamId) or.push({ teamId: criteria.teamId, ...LIVE });
    if (criteria.ownerIds?.length) or.push({ ownerId: { $in: criteria.ownerIds }, ...LIVE });
    if (!or.length) return Promise.resolve([]);
    return this.m.Agent.find(or.length === 1 ? or[0]! : { $or: or }, { name: 1, ownerId: 1, teamId: 1, isActive: 1, deletedAt: 1 })
      .limit(LOOKUP_LIMIT)
      .lean<AgentDoc[]>();
  }

  /**
   * Takes a published event off the document. By whole value: FerretDB 1.24 ignores a
   * `$pull` condition on a field of the array's documents.
   */
  async clearOutbox(id: string, events: EventEnvelope[]): Promise<void> {
    await this.m.Agent.updateOne({ _id: id }, { $pullAll: { _outbox: events } }, { timestamps: false });
  }
}
