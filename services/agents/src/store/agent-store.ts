import type { EventEnvelope, Scope } from '@momentum/contracts';
import type { AgentDoc, AgentModels } from './models.js';
import { updateWithRevision, withoutOutbox } from '@momentum/storage';

/**
 * Reads never carry pending events. Writes guarded by `rev` (updateWithRevision) read and
 * answer whole documents, the outbox with them, and strip it here.
 */
const VISIBLE = { _outbox: 0 } as const;
const LIVE = { deletedAt: null };
const LOOKUP_LIMIT = 1000;
const SUMMARY = {
  name: 1,
  ownerId: 1,
  teamId: 1,
  isActive: 1,
  deletedAt: 1,
  createdAt: 1,
} as const;

export interface NewAgent {
  name: string;
  description: string;
  capabilities: string[];
  teamId: string | null;
  config: Record<string, unknown>;
}

export type AgentChanges = Partial<
  Pick<AgentDoc, 'name' | 'description' | 'capabilities' | 'teamId' | 'isActive' | 'config'>
>;

/** What one change of an agent writes: the fields and the event that announces them. */
export interface AgentChange {
  set: AgentChanges &
    Partial<
      Pick<
        AgentDoc,
        'keyId' | 'keyHash' | 'keyName' | 'keyScopes' | 'keyExpiresAt' | 'keyMintedAt' | 'deletedAt'
      >
    >;
  event: EventEnvelope;
}

/** A change as written: the agent before and after it, and its event. */
export interface ChangedAgent {
  before: AgentDoc;
  after: AgentDoc;
  event: EventEnvelope;
}

/** Only an owner's live agents exist for them: another owner's agent is simply not found. */
const ownedLive = (scope: Scope, agent: AgentDoc | null): AgentDoc | null =>
  agent && agent.ownerId === scope.userId && !agent.deletedAt ? agent : null;

/**
 * The agent queries. A caller's single-agent reads go by `_id` and check owner and
 * liveness in code (key verification reads by `keyId`). Every write stores its event in
 * the document's `_outbox` in the same atomic update, and every write decided by a read
 * of the agent is guarded by its `rev`.
 */
export class AgentStore {
  constructor(readonly m: AgentModels) {}

  async create(scope: Scope, id: string, input: NewAgent, event: EventEnvelope): Promise<AgentDoc> {
    const doc = new this.m.Agent({
      _id: id,
      ...input,
      ownerId: scope.userId,
      isActive: true,
      _outbox: [event],
    });
    await doc.save();
    return withoutOutbox(doc.toObject<AgentDoc>());
  }

  /** The owner's live agents (quota). */
  countOwned(scope: Scope): Promise<number> {
    return this.m.Agent.countDocuments({ ownerId: scope.userId, ...LIVE }).exec();
  }

  async list(
    scope: Scope,
    page: number,
    limit: number,
  ): Promise<{ items: AgentDoc[]; total: number }> {
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

  async get(scope: Scope, id: string): Promise<AgentDoc | null> {
    return ownedLive(scope, await this.m.Agent.findById(id, VISIBLE).lean<AgentDoc>());
  }

  /**
   * Changes the caller's live agent as `plan` decides from the agent as stored. The write
   * lands only while the agent's `rev` is the one `plan` saw — any other write, in any
   * process, raises it — else the agent is read and `plan` runs again. So a rule judged on
   * the stored agent (one key per agent, the key a rotation revokes, the `isActive` flip an
   * event reports) holds across processes. Null when the caller has no such agent.
   */
  async change(
    scope: Scope,
    id: string,
    plan: (agent: AgentDoc) => AgentChange,
  ): Promise<ChangedAgent | null> {
    const written = await updateWithRevision(this.m.Agent, id, (stored: AgentDoc) => {
      const agent = ownedLive(scope, withoutOutbox(stored));
      if (!agent) return { result: null };
      const { set, event } = plan(agent);
      return { update: { $set: set, $push: { _outbox: event } }, result: { before: agent, event } };
    });
    if (!written?.result) return null;
    return { ...written.result, after: withoutOutbox(written.doc) };
  }

  /**
   * The live agent holding a key id (system use: key verification), one query on
   * `{keyId, deletedAt}`. The agent's own `keyId` is the authority: a rotated-away key
   * matches no agent. An empty id matches nothing (a keyless agent's `keyId` is null).
   */
  async findByKeyId(keyId: string): Promise<AgentDoc | null> {
    if (!keyId) return null;
    return this.m.Agent.findOne({ keyId, ...LIVE }, VISIBLE).lean<AgentDoc>();
  }

  /**
   * Callers throttle (see needsLastUsedTouch); the write leaves updatedAt alone. One `$set`
   * of a field no decision reads, so it needs no revision and leaves `rev` alone.
   */
  async touchLastUsed(id: string, now: Date): Promise<void> {
    await this.m.Agent.updateOne({ _id: id }, { $set: { lastUsedAt: now } }, { timestamps: false });
  }

  /** Agents matching any criterion (one query; see AgentLookupBody). */
  async lookup(criteria: {
    teamId?: string;
    ids?: string[];
    ownerIds?: string[];
  }): Promise<AgentDoc[]> {
    const ids = [...new Set(criteria.ids ?? [])];
    const or: Record<string, unknown>[] = [];
    if (ids.length) or.push({ _id: { $in: ids } });
    if (criteria.teamId) or.push({ teamId: criteria.teamId, ...LIVE });
    if (criteria.ownerIds?.length) or.push({ ownerId: { $in: criteria.ownerIds }, ...LIVE });
    if (!or.length) return [];
    return this.m.Agent.find(or.length === 1 ? or[0]! : { $or: or }, SUMMARY)
      .limit(LOOKUP_LIMIT)
      .lean<AgentDoc[]>();
  }
}
